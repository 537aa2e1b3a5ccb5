import Avatar from '@mui/material/Avatar';
import type { Principal } from '@parkhere/contract';

/** The letters the avatar shows when there is no picture. */
export function initialsOf(principal: Principal): string {
  const source = principal.name.trim() || principal.preferredUsername;
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The principal's picture, or their initials when there is none. */
export function UserAvatar({ principal, size = 32 }: { principal: Principal; size?: number }) {
  return (
    <Avatar
      src={principal.imageSrc ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: 'secondary.main' }}
    >
      {initialsOf(principal)}
    </Avatar>
  );
}

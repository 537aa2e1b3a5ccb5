import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useNavigationActions } from '../../navigation/NavigationProvider.tsx';

/** A link to a screen that goes through the app's navigation (its path decorator and back stack). */
export function ScreenLink({ to, children }: { to: string; children: ReactNode }) {
  const { navigate } = useNavigationActions();
  return (
    <Link
      href={to}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}

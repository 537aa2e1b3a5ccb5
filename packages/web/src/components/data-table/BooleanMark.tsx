import { CheckIcon, CloseIcon } from '../../icons/icons.tsx';

/** Yes, no, or a dash for the unknown of a trinary flag. */
export function BooleanMark({
  value,
  label,
}: {
  value: unknown;
  label(value: 'true' | 'false' | 'unknown'): string;
}) {
  if (value === true) {
    return (
      <CheckIcon fontSize="small" color="success" titleAccess={label('true')} sx={{ alignSelf: 'center' }} />
    );
  }
  if (value === false) {
    return (
      <CloseIcon
        fontSize="small"
        color="disabled"
        titleAccess={label('false')}
        sx={{ alignSelf: 'center' }}
      />
    );
  }
  return (
    <span role="img" aria-label={label('unknown')}>
      —
    </span>
  );
}

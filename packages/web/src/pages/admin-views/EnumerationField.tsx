import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { EnumerationDef } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';

type EnumerationFieldProps<V extends string> = {
  name: string;
  label: string;
  enumeration: Pick<EnumerationDef<V>, 'name' | 'values'>;
  value: NoInfer<V>;
  onChange(value: NoInfer<V>): void;
  /** The field's 400 message, if it has one. */
  message: string | undefined;
};

/** A select of an enumeration's values, each by its translated label, in a create form beside a table. */
export function EnumerationField<V extends string>({
  name,
  label,
  enumeration,
  value,
  onChange,
  message,
}: EnumerationFieldProps<V>) {
  const { t } = useTranslation('application');
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      // The select offers the enumeration's values only.
      onChange={(event) => onChange(enumeration.values.find((each) => each === event.target.value) ?? value)}
      sx={{ minWidth: 180 }}
      error={message !== undefined}
      helperText={message}
    >
      {enumeration.values.map((each) => (
        <MenuItem key={each} value={each}>
          {t(`enumeration.${enumeration.name}.${each}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { EnumerationDef } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { useCreateField } from './RelationCreateForm.tsx';
import type { RelationCreator } from './useRelationCreate.ts';

type EnumerationFieldProps<V extends string> = {
  creator: RelationCreator;
  /** The operation's input field the value is sent as and the server's messages name; it names the label. */
  field: string;
  enumeration: Pick<EnumerationDef<V>, 'name' | 'values'>;
  value: NoInfer<V>;
  onChange(value: NoInfer<V>): void;
};

/** A select of an enumeration's values, each by its translated label, in a create form beside a table. */
export function EnumerationField<V extends string>({
  creator,
  field,
  enumeration,
  value,
  onChange,
}: EnumerationFieldProps<V>) {
  const { t } = useTranslation('application');
  const { shown } = useCreateField(creator, field);
  return (
    <TextField
      select
      {...shown}
      value={value}
      // The select offers the enumeration's values only.
      onChange={(event) => onChange(enumeration.values.find((each) => each === event.target.value) ?? value)}
      sx={{ minWidth: 180 }}
    >
      {enumeration.values.map((each) => (
        <MenuItem key={each} value={each}>
          {t(`enumeration.${enumeration.name}.${each}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

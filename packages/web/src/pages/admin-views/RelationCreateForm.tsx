import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../components/forms/WallClockFields.tsx';
import { FormErrorAlert } from '../../feedback/validationText.tsx';
import type { RelationCreator } from './useRelationCreate.ts';

type RelationCreateFormProps = {
  creator: RelationCreator;
  /** Names the form and its submit button. */
  label: string;
  onSubmit(): void;
  children: ReactNode;
};

/** The create form above a relation table: its fields in a wrapping row, the submit button, the form's errors. */
export function RelationCreateForm({ creator, label, onSubmit, children }: RelationCreateFormProps) {
  return (
    <>
      <Box
        component="form"
        aria-label={label}
        noValidate
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <Button type="submit" variant="contained" disabled={creator.busy} sx={{ mt: 1 }}>
          {label}
        </Button>
      </Box>
      <FormErrorAlert codes={creator.errors.form} />
    </>
  );
}

/**
 * What every field of a create form takes of it: its name, its label by the operation's input field, and the
 * server's messages below it; `changed` clears them.
 */
export function useCreateField(creator: RelationCreator, field: string, name = field) {
  const { t } = useTranslation('application');
  const message = creator.messageOf(field);
  return {
    shown: {
      name,
      label: t(`attribute.${field}`),
      required: true,
      error: message !== undefined,
      helperText: message,
    },
    changed: (report: () => void) => {
      report();
      creator.clear(field);
    },
  };
}

type CreateFieldProps = {
  creator: RelationCreator;
  /** The operation's input field the value is sent as and the server's messages name; it names the label. */
  field: string;
  value: string;
  onChange(value: string): void;
};

/** A required text field of a create form. */
export function CreateTextField({
  creator,
  field,
  name,
  type,
  value,
  onChange,
}: CreateFieldProps & {
  /** The input's name; the field's by default. */
  name?: string;
  type?: 'email';
}) {
  const { shown, changed } = useCreateField(creator, field, name);
  return (
    <TextField
      {...shown}
      required
      type={type}
      value={value}
      onChange={(event) => changed(() => onChange(event.target.value))}
    />
  );
}

/** A required day of a create form ('' while none is picked). */
export function CreateDayField({ creator, field, value, onChange }: CreateFieldProps) {
  const { shown, changed } = useCreateField(creator, field);
  return (
    <DayField
      {...shown}
      required
      value={value}
      onChange={(picked) => changed(() => onChange(picked ?? ''))}
    />
  );
}

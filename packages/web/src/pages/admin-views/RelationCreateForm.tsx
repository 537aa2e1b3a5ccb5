import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

type CreateTextFieldProps = {
  creator: RelationCreator;
  /** The operation's input field the value is sent as and the server's messages name; it names the label. */
  field: string;
  /** The input's name; the field's by default. */
  name?: string;
  type?: 'email';
  value: string;
  onChange(value: string): void;
};

/** A required text field of a create form: typing clears its messages, and the server's stand below it. */
export function CreateTextField({
  creator,
  field,
  name = field,
  type,
  value,
  onChange,
}: CreateTextFieldProps) {
  const { t } = useTranslation('application');
  const message = creator.messageOf(field);
  return (
    <TextField
      name={name}
      type={type}
      label={t(`attribute.${field}`)}
      required
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
        creator.clear(field);
      }}
      error={message !== undefined}
      helperText={message}
    />
  );
}

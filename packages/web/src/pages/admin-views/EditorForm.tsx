import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeOfDayField } from '../../components/forms/WallClockFields.tsx';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export type FieldKind = 'text' | 'email' | 'time' | 'integer';

/** A text-like attribute of the edited entity, with its server errors under it. */
export function EditorField({
  editor,
  field,
  kind = 'text',
  required = false,
  readOnly = false,
  hint,
}: {
  editor: EntityEditor;
  field: string;
  kind?: FieldKind;
  required?: boolean;
  readOnly?: boolean;
  /** What the field does, under it until a server error takes its place. */
  hint?: string;
}) {
  const { t } = useTranslation('application');
  const value = text(editor.edited[field]);
  const error = editor.errorOf(field);
  // What the field shows whatever its kind: its name and label, its value, and the server's error or the hint.
  const shown = {
    name: field,
    label: t(`attribute.${field}`, { defaultValue: field }),
    required,
    value,
    error: error !== undefined,
    helperText: error ?? hint,
  };
  if (kind === 'time') {
    return <TimeOfDayField {...shown} readOnly={readOnly} onChange={(next) => editor.set(field, next)} />;
  }
  return (
    <TextField
      {...shown}
      type={kind === 'integer' ? 'number' : kind}
      onChange={(event) => {
        const next = event.target.value;
        if (kind === 'integer') {
          editor.set(field, next === '' ? null : Number(next));
          return;
        }
        editor.set(field, next);
      }}
      slotProps={{ input: { readOnly } }}
    />
  );
}

/** A flag of the edited entity; `onToggle` lets a rule move other flags with it. */
export function EditorFlag({
  editor,
  field,
  readOnly = false,
  onToggle,
  hint,
}: {
  editor: EntityEditor;
  field: string;
  readOnly?: boolean;
  onToggle?(value: boolean): void;
  /** What the flag does, under it. */
  hint?: string;
}) {
  const { t } = useTranslation('application');
  const hintId = useId();
  const flag = (
    <FormControlLabel
      control={
        <Checkbox
          name={field}
          checked={editor.edited[field] === true}
          disabled={readOnly}
          slotProps={hint === undefined ? undefined : { input: { 'aria-describedby': hintId } }}
          onChange={(event) =>
            onToggle === undefined ? editor.set(field, event.target.checked) : onToggle(event.target.checked)
          }
        />
      }
      label={t(`attribute.${field}`, { defaultValue: field })}
    />
  );
  if (hint === undefined) {
    return flag;
  }
  return (
    <Box>
      {flag}
      <FormHelperText id={hintId} sx={{ mt: 0, ml: 4 }}>
        {hint}
      </FormHelperText>
    </Box>
  );
}

/** The form frame of a view page: the conflict and form-level errors, the fields, Save and Cancel. */
export function EditorForm({
  editor,
  children,
  confirmSave,
}: {
  editor: EntityEditor;
  children: ReactNode;
  /** Asked before a save with the changed fields; false keeps the edits unsaved. */
  confirmSave?: (changed: readonly string[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('application');
  const _validationText = useValidationText();
  const unchanged = editor.changed.length === 0;
  const submit = async () => {
    if (confirmSave !== undefined && !(await confirmSave(editor.changed))) {
      return;
    }
    await editor.save();
  };
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {editor.conflict && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void editor.reload()}>
              {t('adminViews.reload')}
            </Button>
          }
        >
          {t('adminViews.versionConflict')}
        </Alert>
      )}
      <FormErrorAlert codes={editor.errors.form} />
      {children}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={editor.saving || unchanged}>
          {t('dataTable.save')}
        </Button>
        <Button disabled={editor.saving || unchanged} onClick={editor.reset}>
          {t('dataTable.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The text of a validation code (DESIGN §5) in the user's language; the code itself when it has none. */
export function useValidationText(): (code: string) => string {
  const { t } = useTranslation('system');
  return useCallback((code: string) => t(`validation.${code}`, { defaultValue: code }), [t]);
}

/** The 400 items no field of a form owns (SPEC §5), under the form; nothing when there are none. */
export function FormErrorAlert({
  codes,
  translate,
}: {
  codes: readonly string[];
  /** A form's own texts for some codes; the validation texts otherwise. */
  translate?: (code: string) => string;
}) {
  const validationText = useValidationText();
  if (codes.length === 0) {
    return null;
  }
  return <Alert severity="error">{codes.map(translate ?? validationText).join(', ')}</Alert>;
}

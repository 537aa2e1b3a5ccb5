import Alert from '@mui/material/Alert';
import type { TransferName } from '@parkhere/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeOf, validationSentence } from './validationHint.ts';

/** The text of a validation code (DESIGN §5) in the user's language; the code itself when it has none. */
export function useValidationText(): (code: string) => string {
  const { t } = useTranslation('system');
  return useCallback((code: string) => t(`validation.${code}`, { defaultValue: code }), [t]);
}

/**
 * The text of a code on one field of `type`: a pattern or length failure says what is allowed and the limit
 * (validationHint.ts); other codes read as `useValidationText` reads them.
 */
export function useFieldValidationText(type: TransferName): (field: string, code: string) => string {
  const { t } = useTranslation('system');
  return useCallback(
    (field: string, code: string) => {
      const { key, values } = validationSentence(code, attributeOf(type, field));
      return t(key, { ...values, defaultValue: code });
    },
    [t, type],
  );
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

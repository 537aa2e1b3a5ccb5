import type { TransferName } from '@parkhere/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, update } from '../../api/model.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  ruleErrorsOf,
  withoutField,
} from '../../components/reservation/fieldErrors.ts';
import { ApiError } from '../../errors/apiError.ts';
import { toast } from '../../feedback/toast.ts';
import { changedFields } from '../profile/changedFields.ts';

const isVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  Reflect.get(error.body, 'code') === 'VERSION_CONFLICT';

export type EntityEditor = {
  /** What the server sent last; null until the first load answers. */
  loaded: Row | null;
  edited: Row;
  changed: readonly string[];
  saving: boolean;
  /** The entity changed elsewhere since it was loaded (409 VERSION_CONFLICT). */
  conflict: boolean;
  errors: FormErrors;
  set(field: string, value: unknown): void;
  /** Replaces several fields at once (rules that move two flags together). */
  replace(next: Row): void;
  errorOf(field: string): string | undefined;
  save(): Promise<void>;
  reset(): void;
  reload(): Promise<void>;
};

/**
 * The edit cycle of a view page: load, edit, save with the mask of the changed fields only, 400 items on
 * their fields and a version conflict said plainly.
 */
export function useEntityEditor(
  type: TransferName,
  fetchEntity: () => Promise<Row>,
  editableFields: readonly string[],
): EntityEditor {
  const { t } = useTranslation('application');
  const { t: ts } = useTranslation('system');
  const [loaded, setLoaded] = useState<Row | null>(null);
  const [edited, setEdited] = useState<Row>({});
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const reload = useCallback(async () => {
    try {
      const entity = await fetchEntity();
      setLoaded(entity);
      setEdited(entity);
      setErrors(NO_FORM_ERRORS);
      setConflict(false);
    } catch {
      // The error pipeline has told the user.
    }
  }, [fetchEntity]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const changed = loaded === null ? [] : changedFields(loaded, edited, editableFields);

  const save = async () => {
    if (changed.length === 0) {
      return;
    }
    const broken = ruleErrorsOf(type, edited, editableFields);
    if (broken !== null) {
      setErrors(broken);
      return;
    }
    setSaving(true);
    try {
      const saved = await update(type, edited, changed);
      setLoaded(saved);
      setEdited(saved);
      setErrors(NO_FORM_ERRORS);
      setConflict(false);
      toast.success(t('dataTable.saved'));
    } catch (error) {
      setErrors(formErrorsOf(error, editableFields));
      setConflict(isVersionConflict(error));
    } finally {
      setSaving(false);
    }
  };

  return {
    loaded,
    edited,
    changed,
    saving,
    conflict,
    errors,
    set: (field, value) => {
      setEdited((current) => ({ ...current, [field]: value }));
      setErrors((current) => withoutField(current, field));
    },
    replace: setEdited,
    errorOf: (field) =>
      fieldErrorText(errors.fields, field, (code) => ts(`validation.${code}`, { defaultValue: code })),
    save,
    reset: () => {
      if (loaded !== null) {
        setEdited(loaded);
        setErrors(NO_FORM_ERRORS);
      }
    },
    reload,
  };
}

import type { TransferName } from '@parkhere/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, update } from '../../api/model.ts';
import { ofType, queryKeys } from '../../api/queryKeys.ts';
import { changedFields } from '../../components/forms/changedFields.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  ruleErrorsOf,
  withoutField,
} from '../../components/forms/fieldErrors.ts';
import { isVersionConflict } from '../../components/forms/versionConflict.ts';
import { toast } from '../../feedback/toast.ts';
import { useFieldValidationText } from '../../feedback/validationText.tsx';
import { getLinkedRecord, isNotFound } from './linkedRecord.ts';
import { useSignedIdentifier } from './useSignedIdentifier.ts';

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

/** How a view page reads its entity: under a key of `queryKeys`, through the model client. */
export type EntityRead = { key: QueryKey; fetch(): Promise<Row> };

/**
 * The edit cycle of a view page: the entity read through the query cache, edited, saved with the mask of the
 * changed fields only, 400 items on their fields and a version conflict said plainly. Until the user edits,
 * the form shows what the cache holds; a save puts the answer there and marks the type's other reads stale.
 */
export function useEntityEditor(
  type: TransferName,
  read: EntityRead,
  editableFields: readonly string[],
): EntityEditor {
  const { t } = useTranslation('application');
  const fieldText = useFieldValidationText(type);
  const queryClient = useQueryClient();
  // A record that is not there shows the page's not-found page (the error boundary), not an empty form.
  const entity = useQuery({
    queryKey: read.key,
    queryFn: read.fetch,
    throwOnError: isNotFound,
  });
  // Null while the user has changed nothing: the form follows the entity as read.
  const [edits, setEdits] = useState<Row | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [conflict, setConflict] = useState(false);
  const loaded = entity.data ?? null;
  const edited = edits ?? loaded ?? {};

  const saving = useMutation({
    mutationFn: ({ entity, fields }: { entity: Row; fields: readonly string[] }) =>
      update(type, entity, fields),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ofType(type), refetchType: 'none' });
      queryClient.setQueryData(read.key, saved);
    },
  });

  const reload = async () => {
    const result = await entity.refetch();
    if (result.isSuccess) {
      setEdits(null);
      setErrors(NO_FORM_ERRORS);
      setConflict(false);
    }
  };

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
    try {
      await saving.mutateAsync({ entity: edited, fields: changed });
      setEdits(null);
      setErrors(NO_FORM_ERRORS);
      setConflict(false);
      toast.success(t('dataTable.saved'));
    } catch (error) {
      setErrors(formErrorsOf(error, editableFields));
      setConflict(isVersionConflict(error));
    }
  };

  return {
    loaded,
    edited,
    changed,
    saving: saving.isPending,
    conflict,
    errors,
    set: (field, value) => {
      setEdits((current) => ({ ...(current ?? loaded ?? {}), [field]: value }));
      setErrors((current) => withoutField(current, field));
    },
    replace: setEdits,
    errorOf: (field) => fieldErrorText(errors.fields, field, (code) => fieldText(field, code)),
    save,
    reset: () => {
      if (loaded !== null) {
        setEdits(null);
        setErrors(NO_FORM_ERRORS);
      }
    },
    reload,
  };
}

/** The edit cycle of the record a view route names by its `:signedIdentifier`, read with `~get`. */
export function useRouteEntityEditor(type: TransferName, editableFields: readonly string[]): EntityEditor {
  const signedIdentifier = useSignedIdentifier();
  return useEntityEditor(
    type,
    { key: queryKeys.get(type, signedIdentifier), fetch: () => getLinkedRecord(type, signedIdentifier) },
    editableFields,
  );
}

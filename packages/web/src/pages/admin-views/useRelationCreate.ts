import type { OperationInput, TransferName } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type OperationOf, operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  withoutField,
} from '../../components/forms/fieldErrors.ts';
import { toast } from '../../feedback/toast.ts';
import { useValidationText } from '../../feedback/validationText.tsx';

/**
 * A small create form beside a relation table that calls an owner's bound operation (createDay,
 * createDoorman); 400 items land on the form's fields, and a success invalidates the reads of the created
 * type, so the table beside the form shows the new row.
 */
export type RelationCreator = ReturnType<typeof useRelationCreate>;

export function useRelationCreate<T extends TransferName, O extends OperationOf<T>>(
  type: T,
  operationName: O,
  owner: Row | null,
  fields: readonly string[],
  savedMessage: string,
  created: TransferName,
) {
  const queryClient = useQueryClient();
  const validationText = useValidationText();
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const creating = useMutation({
    mutationFn: ({ body, boundTo }: { body: OperationInput<T, O>; boundTo: Row }) =>
      operation(type, operationName, body, boundTo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ofType(created) }),
  });

  const submit = async (body: OperationInput<T, O>): Promise<boolean> => {
    if (owner === null) {
      return false;
    }
    try {
      await creating.mutateAsync({ body, boundTo: owner });
      setErrors(NO_FORM_ERRORS);
      toast.success(savedMessage);
      return true;
    } catch (error) {
      setErrors(formErrorsOf(error, fields));
      return false;
    }
  };

  return {
    errors,
    busy: creating.isPending,
    submit,
    clear: (field: string) => setErrors((current) => withoutField(current, field)),
    /** The message of a field's 400 items, if it has any. */
    messageOf: (field: string) => fieldErrorText(errors.fields, field, validationText),
  };
}

import { type OperationDef, type OperationInput, type TransferName, transferTypes } from '@parkhere/contract';
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

const isTransferName = (name: string | null): name is TransferName =>
  name !== null && Object.hasOwn(transferTypes, name);

/**
 * The fields of an operation's input (where its 400 items land) and the type it creates, as the contract
 * declares them; an operation that answers nothing changes its owner.
 */
function createsOf(type: TransferName, operationName: string) {
  const operations: Readonly<Record<string, OperationDef>> = transferTypes[type].operations;
  const { input = null, output = null } = operations[operationName] ?? {};
  const fields = isTransferName(input)
    ? [...Object.keys(transferTypes[input].attributes), ...Object.keys(transferTypes[input].relations)]
    : [];
  return { fields, created: isTransferName(output) ? output : type };
}

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
  savedMessage: string,
) {
  const { fields, created } = createsOf(type, operationName);
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

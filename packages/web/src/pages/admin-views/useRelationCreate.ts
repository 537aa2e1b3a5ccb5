import type { TransferName } from '@parkhere/contract';
import { useState } from 'react';
import { operation, type Row } from '../../api/model.ts';
import {
  type FormErrors,
  formErrorsOf,
  NO_FORM_ERRORS,
  withoutField,
} from '../../components/reservation/fieldErrors.ts';
import { toast } from '../../feedback/toast.ts';

/**
 * A small create form beside a relation table that calls an owner's bound operation (createDay,
 * createDoorman); 400 items land on the form's fields, and `created` counts successes so the table reloads.
 */
export function useRelationCreate(
  type: TransferName,
  operationName: string,
  owner: Row | null,
  fields: readonly string[],
  savedMessage: string,
) {
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(0);

  const submit = async (body: Row): Promise<boolean> => {
    if (owner === null) {
      return false;
    }
    setBusy(true);
    try {
      await operation(type, operationName, body, owner);
      setErrors(NO_FORM_ERRORS);
      setCreated((count) => count + 1);
      toast.success(savedMessage);
      return true;
    } catch (error) {
      setErrors(formErrorsOf(error, fields));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    errors,
    busy,
    created,
    submit,
    clear: (field: string) => setErrors((current) => withoutField(current, field)),
  };
}

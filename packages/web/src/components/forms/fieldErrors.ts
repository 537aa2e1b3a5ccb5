import { instanceRuleErrors, type TransferName } from '@parkhere/contract';
import { ApiError } from '../../errors/apiError.ts';
import { mapErrors } from '../data-table/rowErrors.ts';

/*
 * SPEC §5 on a form: a 400 answer's items land on the field their location names (`parkingSlot.name` and
 * `guestLicensePlate` alike); a nested location belongs to its owning relation. Items no field owns are shown
 * under the form. The table's mapping is the same rule, so it is reused, not repeated.
 */

/** Error codes per form field. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export type FormErrors = { fields: FieldErrors; form: readonly string[] };

export const NO_FORM_ERRORS: FormErrors = { fields: {}, form: [] };

export function formErrorsOf(error: unknown, fields: readonly string[]): FormErrors {
  const mapped = mapErrors(error, fields);
  return { fields: mapped.cells, form: mapped.table.map((item) => item.code) };
}

/**
 * The model's rules across fields (working hours in order) that the edited entity breaks, placed as the
 * server's 400 would place them; null when it keeps them. The server judges the same rules from the same
 * contract: this only spares the round trip.
 */
export function ruleErrorsOf(type: TransferName, edited: Record<string, unknown>, fields: readonly string[]) {
  const broken = instanceRuleErrors(type, edited);
  return broken.length === 0 ? null : formErrorsOf(new ApiError(400, broken), fields);
}

/** Several codes on one field are joined with a comma; `translate` falls back to the code itself. */
export function fieldErrorText(
  errors: FieldErrors,
  field: string,
  translate: (code: string) => string,
): string | undefined {
  const codes = errors[field];
  if (codes === undefined || codes.length === 0) {
    return undefined;
  }
  return codes.map(translate).join(', ');
}

/** A field loses its errors as soon as the user changes it. */
export function withoutField(errors: FormErrors, field: string): FormErrors {
  if (errors.fields[field] === undefined) {
    return errors;
  }
  const { [field]: _dropped, ...rest } = errors.fields;
  return { ...errors, fields: rest };
}

/*
 * The forms keep their values and errors in react-hook-form. A field's codes ride in its error's message, comma
 * separated (no code holds a comma); the items no field owns in the `root.server` error.
 */

/** Codes of one react-hook-form error, as `formErrorsOf` placed them. */
export const codesOf = (error: { message?: string } | undefined): readonly string[] =>
  error?.message ? error.message.split(',') : [];

/** Hands a 400 answer (or the rules' own errors) on the given fields to react-hook-form's `setError`. */
export function setFormErrors<F extends string>(
  setError: (name: F | 'root.server', error: { type: string; message: string }) => void,
  fields: readonly F[],
  errors: FormErrors,
): void {
  for (const field of fields) {
    const codes = errors.fields[field];
    if (codes !== undefined && codes.length > 0) {
      setError(field, { type: 'server', message: codes.join(',') });
    }
  }
  if (errors.form.length > 0) {
    setError('root.server', { type: 'server', message: errors.form.join(',') });
  }
}

/** The errors as a react-hook-form resolver answers them: each field's codes in its message, the form's in root. */
export function resolverErrorsOf(errors: FormErrors) {
  const fields = Object.fromEntries(
    Object.entries(errors.fields).map(([field, codes]) => [
      field,
      { type: 'rule', message: codes.join(',') },
    ]),
  );
  return errors.form.length === 0
    ? fields
    : { ...fields, root: { server: { type: 'rule', message: errors.form.join(',') } } };
}

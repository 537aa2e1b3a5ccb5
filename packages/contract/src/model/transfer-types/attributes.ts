import {
  type MailTemplateAttribute,
  type MailTemplateField,
  mailTemplateAttributes,
} from '../../mail-preview.ts';
import { string } from '../dsl.ts';
import {
  EMAIL_PATTERN,
  LICENSE_PLATE_MAX_LENGTH,
  LICENSE_PLATE_PATTERN,
  TEMPLATE_MAX_LENGTH,
} from '../patterns.ts';

/** Attributes of one meaning in several transfer types, so that each is checked alike wherever it is written. */

// `required` stays a literal, so a required email or plate is required in the inferred type too.
export const email = <const R extends boolean>(required: R) =>
  string({ required, maxLength: 255, pattern: EMAIL_PATTERN });
export const licensePlate = <const R extends boolean>(required: R) =>
  string({ required, maxLength: LICENSE_PLATE_MAX_LENGTH, pattern: LICENSE_PLATE_PATTERN });
export const template = () => string({ maxLength: TEMPLATE_MAX_LENGTH, filter: false });

/** A mail template's text in each language, as the attributes `mailTemplateAttribute` names. */
export const localizedTemplate = <F extends MailTemplateField>(field: F) =>
  Object.fromEntries(mailTemplateAttributes(field).map((attribute) => [attribute, template()])) as Record<
    MailTemplateAttribute<F>,
    ReturnType<typeof template>
  >;

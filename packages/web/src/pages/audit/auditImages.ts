/*
 * What an audit entry changed, field by field (issue 28, item 8): the log keeps a row's image before and after
 * as JSON text (an update's changed columns only, an insert's whole row after, a delete's whole row before).
 * The detail shows them side by side; these are the rows it shows.
 */

/** An entry in full: what its detail reads and its export holds (the list itself leaves the images out). */
export const WHOLE_ENTRY =
  '{at,actorName,actorEmail,reason,entityType,entityId,action,before,after,address,userAgent}';

/** One field of the entry: its value before and after as text (undefined: that side has no image). */
export type ComparedField = { field: string; before?: string; after?: string; changed: boolean };

type Image = Readonly<Record<string, unknown>>;

/** An image's JSON text as its columns; nothing for an empty side (or text that is not a row's image). */
export function imageOf(json: unknown): Image | null {
  if (typeof json !== 'string' || json === '') {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Image) : null;
  } catch {
    return null;
  }
}

/** A column's value as a person reads it: text as it is, empty for none, anything else as its JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields an entry shows: an update's that changed (each marked changed), else every column of the side it
 * has, in the image's order.
 */
export function comparedFields(before: unknown, after: unknown): ComparedField[] {
  const old = imageOf(before);
  const next = imageOf(after);
  const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])];
  return fields.flatMap((field) => {
    const was = old === null ? undefined : valueText(old[field]);
    const is = next === null ? undefined : valueText(next[field]);
    const changed = old !== null && next !== null;
    if (changed && was === is) {
      return [];
    }
    return [
      {
        field,
        changed,
        ...(was === undefined ? {} : { before: was }),
        ...(is === undefined ? {} : { after: is }),
      },
    ];
  });
}

/** A column's name (`audit_retention_months`) as the model's attribute (`auditRetentionMonths`), for its title. */
export const attributeOfColumn = (column: string): string =>
  column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

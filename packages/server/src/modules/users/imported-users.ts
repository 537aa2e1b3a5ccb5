import { sql } from 'kysely';
import { columnsOf } from '../../platform/db/column-list.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { USER_COLUMNS } from './user-columns.ts';

/** A stored row as an import compares it: its columns, and the targets of its link-table relations. */
export type StoredRow = {
  id: string;
  columns: Readonly<Record<string, unknown>>;
  links: Readonly<Record<string, readonly string[]>>;
};

/**
 * The users an import's rows name, by their email in lower case (emails are unique in any case), with the
 * garages they may use and hold an ID card for (UserSettings' accessedParkingGarages and
 * idCardsForParkingGarages): one statement for the whole file.
 */
export async function usersByEmail(db: Executor, emails: readonly string[]): Promise<Map<string, StoredRow>> {
  const found = await sql<
    Record<string, unknown> & { accessed: string[]; cards: string[] }
  >`SELECT ${columnsOf('u', USER_COLUMNS)},
      ARRAY(SELECT parking_garage_id::text FROM user_accessed_garages WHERE user_id = u.id ORDER BY 1) AS accessed,
      ARRAY(SELECT parking_garage_id::text FROM user_id_card_garages WHERE user_id = u.id ORDER BY 1) AS cards
    FROM users u WHERE lower(u.email) = ANY(${emails.map((email) => email.toLowerCase())}::text[])`.execute(
    db,
  );
  return new Map(
    found.rows.map(({ accessed, cards, ...columns }) => [
      String(columns.email).toLowerCase(),
      {
        id: String(columns.id),
        columns,
        links: { accessedParkingGarages: accessed, idCardsForParkingGarages: cards },
      },
    ]),
  );
}

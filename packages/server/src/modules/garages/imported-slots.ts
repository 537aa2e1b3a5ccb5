import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** Every garage's id by its name in lower case (names are unique in any case): how a file names garages. */
export async function garageIdsByName(db: Executor): Promise<Map<string, string>> {
  const found = await sql<{
    id: string;
    name: string;
  }>`SELECT id::text AS id, name FROM parking_garages`.execute(db);
  return new Map(found.rows.map(({ id, name }) => [name.toLowerCase(), id]));
}

/** The key an import finds a slot by: its garage's id and its name (unique within the garage). */
export const slotKey = (garageId: string, name: string) => `${garageId}/${name}`;

/** Every slot by slotKey, with its stored columns as Kysely reads them (camelCase; no link-table relation). */
export async function slotsByKey(db: Executor): Promise<
  Map<
    string,
    {
      id: string;
      columns: Readonly<Record<string, unknown>>;
      links: Readonly<Record<string, readonly string[]>>;
    }
  >
> {
  const found = await sql<Record<string, unknown>>`SELECT id, parking_garage_id, name, floor, next_to_wall,
    is_active, is_exclusive, floor_plan_id, aggregared_name, version, created_at, reserved_for_group_id,
    is_accessible, has_charger, assigned_to_id, plan_x, plan_y FROM parking_slots`.execute(db);
  return new Map(
    found.rows.map((columns) => [
      slotKey(String(columns.parkingGarageId), String(columns.name)),
      { id: String(columns.id), columns, links: {} },
    ]),
  );
}

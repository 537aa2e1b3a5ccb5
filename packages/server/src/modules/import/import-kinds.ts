import { IMPORT_LIST_SEPARATOR, type ImportKind, type TransferName } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { slotKey, slotsByKey } from '../garages/index.ts';
import { groupIdsOfUsers } from '../groups/index.ts';
import { usersByEmail } from '../users/index.ts';

/*
 * What a file's columns are to the Users and Slots tables: an attribute of their transfer type (read from
 * the cell's text into the type the model has, or left as the text for the model's rules to refuse), a
 * relation to garages named by name, or a user's groups by name (the groups module's memberships). Nothing
 * here judges a value: the tables' own create and update do (import-rows.ts).
 */

export type Reading = 'text' | 'boolean' | 'integer' | 'time';
export type Column =
  | { kind: 'attribute'; attribute: string; reading: Reading }
  /** Garages by name, IMPORT_LIST_SEPARATOR between them: a link-table relation, all of it. */
  | { kind: 'garages'; relation: string }
  /** The slot's garage: with the name, which slot the row is. */
  | { kind: 'garage'; relation: string }
  /** [Pools] A user's groups by name, IMPORT_LIST_SEPARATOR between them: their memberships, all of them. */
  | { kind: 'groups' };

/** A stored row as an import compares it (the owners' usersByEmail and slotsByKey). */
export type StoredRow = {
  id: string;
  /** By the names Kysely reads them under (camelCase). */
  columns: Readonly<Record<string, unknown>>;
  links: Readonly<Record<string, readonly string[]>>;
  /** The groups a user is in (their ids): what a `groups` column is compared with. */
  groups?: readonly string[];
};

/** A row's cells after the garages were looked up: which stored row it names, by what key in the file. */
export type Identity = { key: string; stored: StoredRow | undefined };

export type ImportTable = {
  type: TransferName & ('UserSettings' | 'ParkingSlotSettings');
  /** The column a repeated key is refused at. */
  keyColumn: string;
  columns: Readonly<Record<string, Column>>;
  /** The stored rows of the file's keys, and how a row's cells name its key (garage ids by lower-case name). */
  identify: (
    db: Executor,
    rows: readonly Readonly<Record<string, string>>[],
    garages: ReadonlyMap<string, string>,
  ) => Promise<(cells: Readonly<Record<string, string>>) => Identity>;
};

const attribute = (name: string, reading: Reading = 'text'): Column => ({
  kind: 'attribute',
  attribute: name,
  reading,
});

const BOOLEAN: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  igen: true,
  nem: false,
  '1': true,
  '0': false,
};

/** A cell as the model's value: booleans in English or Hungarian, 9:00 as 09:00:00; otherwise the text. */
export const readCell = (reading: Reading, cell: string): unknown => {
  switch (reading) {
    case 'boolean':
      return BOOLEAN[cell.toLowerCase()] ?? cell;
    case 'integer':
      return /^[+-]?\d{1,10}$/.test(cell) ? Number(cell) : cell;
    case 'time': {
      const time = /^(\d{1,2}):(\d{2})(:\d{2})?$/.exec(cell);
      return time === null ? cell : `${time[1]?.padStart(2, '0')}:${time[2]}${time[3] ?? ':00'}`;
    }
    case 'text':
      return cell;
  }
};

/** The garage or group names of a cell: none when it is empty. */
export const listedNames = (cell: string): string[] =>
  cell
    .split(IMPORT_LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');

const users: ImportTable = {
  type: 'UserSettings',
  keyColumn: 'email',
  columns: {
    email: attribute('email'),
    name: attribute('name'),
    isNormalReservation: attribute('isNormalReservation', 'boolean'),
    isQuickReservation: attribute('isQuickReservation', 'boolean'),
    isGuestReservation: attribute('isGuestReservation', 'boolean'),
    isLongReservation: attribute('isLongReservation', 'boolean'),
    startOfWorkingTime: attribute('startOfWorkingTime', 'time'),
    endOfWorkingTime: attribute('endOfWorkingTime', 'time'),
    maxNormalReservation: attribute('maxNormalReservation', 'integer'),
    maxGuestReservation: attribute('maxGuestReservation', 'integer'),
    maxLongReservation: attribute('maxLongReservation', 'integer'),
    garages: { kind: 'garages', relation: 'accessedParkingGarages' },
    idCardGarages: { kind: 'garages', relation: 'idCardsForParkingGarages' },
    groups: { kind: 'groups' },
  },
  identify: async (db, rows) => {
    const stored = await usersByEmail(
      db,
      rows.map((cells) => cells.email ?? ''),
    );
    const groups = await groupIdsOfUsers(
      db,
      [...stored.values()].map(({ id }) => id),
    );
    return (cells) => {
      const key = (cells.email ?? '').toLowerCase();
      const user = stored.get(key);
      return { key, stored: user && { ...user, groups: groups.get(user.id) ?? [] } };
    };
  },
};

const slots: ImportTable = {
  type: 'ParkingSlotSettings',
  keyColumn: 'name',
  columns: {
    garage: { kind: 'garage', relation: 'parkingGarage' },
    name: attribute('name'),
    floor: attribute('floor', 'integer'),
    nextToWall: attribute('nextToWall', 'boolean'),
    isExclusive: attribute('isExclusive', 'boolean'),
    isActive: attribute('isActive', 'boolean'),
  },
  identify: async (db, _rows, garages) => {
    const stored = await slotsByKey(db);
    return (cells) => {
      const garageId = garages.get((cells.garage ?? '').toLowerCase());
      const name = (cells.name ?? '').trim();
      const key = garageId === undefined || name === '' ? '' : slotKey(garageId, name);
      return { key, stored: stored.get(key) };
    };
  },
};

export const IMPORT_TABLES: Readonly<Record<ImportKind, ImportTable>> = { users, slots };

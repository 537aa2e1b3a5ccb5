import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ModelTables } from './model-schema.ts';

/** Kysely view of the tables (camelCase through CamelCasePlugin; bigint ids arrive as strings). */
export type UsersTable = {
  id: Generated<string>;
  email: string;
  name: string;
  isActive: Generated<boolean>;
  isAdministrator: Generated<boolean>;
  isNormalReservation: Generated<boolean>;
  isQuickReservation: Generated<boolean>;
  isGuestReservation: Generated<boolean>;
  isLongReservation: Generated<boolean>;
  startOfWorkingTime: Generated<string>;
  endOfWorkingTime: Generated<string>;
  maxNormalReservation: Generated<number>;
  maxGuestReservation: Generated<number>;
  maxLongReservation: Generated<number>;
  /** Accessible slots are offered to the user before others (migration 0048). */
  hasAccessibilityPermit: Generated<boolean>;
  preferredParkingSlotId: string | null;
  /** The language the user last used the app in: their mails' language. */
  locale: Generated<string | null>;
  /** When a deactivated user's leaving ran (the userLeft hooks); null while active or not yet run. */
  leftAt: Generated<Date | null>;
  /** When an administrator (or the directory) anonymised the user: their name and email are a pseudonym. */
  anonymisedAt: Generated<Date | null>;
  /** The directory's id of the user (SCIM `externalId`), unique where set. */
  externalId: Generated<string | null>;
  /** When the directory deleted the user (SCIM DELETE): no longer a SCIM resource. */
  directoryDeletedAt: Generated<Date | null>;
  version: Generated<number>;
  createdAt: ColumnType<Date, never, never>;
};
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** The (issuer, subject) of an identity provider's account bound to a user on its first sign-in. */
export type UserIdentitiesTable = {
  issuer: string;
  subject: string;
  userId: string;
  createdAt: ColumnType<Date, never, never>;
};

export type DoormenTable = {
  id: Generated<string>;
  name: string;
  email: string;
  version: Generated<number>;
  createdAt: ColumnType<Date, never, never>;
};

export type OidcPayloadsTable = {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
};

export type SchemaMigrationsTable = {
  version: string;
  name: string;
  appliedAt: ColumnType<Date, never, never>;
};

/** Secrets every instance on the database shares (0007_shared_state.sql). */
export type SharedSecretsTable = {
  name: string;
  value: string;
  createdAt: ColumnType<Date, never, never>;
};

export type DB = ModelTables & {
  users: UsersTable;
  userIdentities: UserIdentitiesTable;
  doormen: DoormenTable;
  oidcPayloads: OidcPayloadsTable;
  schemaMigrations: SchemaMigrationsTable;
  sharedSecrets: SharedSecretsTable;
};

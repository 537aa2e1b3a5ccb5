import { type AttributeDef, type TransferDef, type TransferName, transferTypes } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { columnOf } from '../platform/db/entity-columns.ts';
import type { DB } from '../platform/db/schema.ts';
import type { MailLimits } from '../platform/mail/mail-limits.ts';
import { type ActorScope, allRows, type RequestScope } from './access.ts';

/*
 * A source maps one transfer type onto SQL: where its rows live, the expression of each attribute, how each
 * relation links owner to target, which rows the actor sees and what they may change. The engine compiles
 * every read and write from these; nothing else knows table or column names.
 */

export type Sql = RawBuilder<unknown>;
/** An attribute's SQL over a table alias; derived ones may depend on the request's actor and instant. */
export type Expression = (alias: string, scope: RequestScope) => Sql;
export type RowRule = (alias: string, scope: RequestScope) => Sql;

export type RelationWrite =
  /** A foreign key on the owner's row (preferred slot, a slot's garage): ~set / ~unset. */
  | { kind: 'ownerColumn'; column: string }
  /** A link table: ~set / ~add / ~remove. */
  | { kind: 'joinTable'; table: string; ownerColumn: string; targetColumn: string }
  /** The target's rows point at the owner (a user's cars): ~create, ~remove deletes the row. */
  | { kind: 'targetColumn'; column: string | null };

export type RelationSource = {
  /** The target rows of the owner whose id is `owner`. */
  link: (owner: Sql, alias: string, scope: RequestScope) => Sql;
  /** `~range` candidates; `owner` is null for a draft that has no identifier yet. */
  range?: (
    owner: Sql | null,
    alias: string,
    scope: RequestScope,
    draft: DraftRefs,
    values?: DraftValues,
  ) => Sql;
  /** Works out, before the statement, what `range` needs of the draft's attributes (e.g. its intervals). */
  prepareDraft?: (
    db: Kysely<DB>,
    scope: RequestScope,
    draft: Readonly<Record<string, unknown>>,
  ) => Promise<DraftValues>;
  write?: RelationWrite;
  /** The relation's own order when the client asks for none (else the target's default). */
  defaultOrder?: { attribute: string; descending: boolean }[];
};

export type EntitySource = {
  kind: 'entity';
  type: TransferName;
  table: string;
  attributes: Record<string, Expression>;
  /** Attribute → column for the attributes clients write. */
  columns: Record<string, string>;
  /** Attributes that are never null: keyset paging compares them as row values (index friendly). */
  notNull: ReadonlySet<string>;
  defaultOrder: { attribute: string; descending: boolean }[];
  scope: RowRule;
  updateable: RowRule;
  deleteable: RowRule;
  relations: Record<string, RelationSource>;
  /** Server-side normalisation of written values (plates upper-case). */
  normalize?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The row a single access point of this type stands for (the actor's profile, the one configuration). */
  instanceId?: (scope: ActorScope) => string;
  /**
   * A rule across rows, run in the write's transaction before a row of this type is inserted or updated
   * (one favourite car per user). `columns` are the values written; `ownerId` the owner of a relation create.
   */
  beforeWrite?: BeforeWrite;
  /** How a new row is made, where it is more than an INSERT of the written columns. */
  insert?: Insert;
  /** Where its binary attributes' files are kept (set when it has one). */
  files?: FileStore;
};

/**
 * Makes new rows of the written columns (attribute columns, already checked and normalised) in the write's
 * transaction, and answers their ids in the order of `rows`: for a type whose rows another way creates too
 * (users: the directory's SCIM), so both make them one way.
 */
export type Insert = (
  db: Kysely<DB>,
  rows: readonly Readonly<Record<string, unknown>>[],
  writer: { scope: RequestScope },
) => Promise<string[]>;

export type BeforeWrite = (
  db: Kysely<DB>,
  row: { columns: Readonly<Record<string, unknown>>; id: string | null; ownerId: string | null },
  /** Who writes, at what instant, and the mail budgets a change that mails others spends. */
  writer: { scope: RequestScope; mailLimits: MailLimits },
) => Promise<void>;

/** Panels and forms without a table: an instance per actor (panels) or none (input forms). */
export type VirtualSource = {
  kind: 'virtual';
  type: TransferName;
  /** The instance the actor owns: their user id for panels, null for input forms. */
  instanceId: ((scope: ActorScope) => string) | null;
  attributes: Record<string, Expression>;
  relations: Record<string, RelationSource>;
};

export type Source = EntitySource | VirtualSource;

export const snakeCase = (name: string): string =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const ref = (alias: string, column: string): Sql => sql.raw(`${alias}.${column}`);

export const definitionOf = (type: TransferName): TransferDef => transferTypes[type];

export const attributeDef = (type: TransferName, name: string): AttributeDef | undefined =>
  (definitionOf(type).attributes as Record<string, AttributeDef>)[name];

/**
 * Where the files of binary attributes are kept (the files module's): a source with a binary attribute is
 * handed it, so the engine reads and writes file attributes without knowing the files' table.
 */
export type FileStore = {
  /** The file `fileId` names as `{__file, name, cType}`, null when it names none; the engine turns it into a token. */
  object: (fileId: Sql) => Sql;
  /** Whether the file is stored, locking it against the orphan clean-up until the transaction ends. */
  hold: (db: Kysely<DB>, fileId: string) => Promise<boolean>;
};

type EntityOptions = {
  table: string;
  derived?: Record<string, Expression>;
  /** Stored attributes whose column differs from the attribute's name. */
  columnNames?: Record<string, string>;
  notNull?: string[];
  defaultOrder?: { attribute: string; descending: boolean }[];
  scope: RowRule;
  updateable: RowRule;
  deleteable: RowRule;
  relations?: Record<string, RelationSource>;
  normalize?: (values: Record<string, unknown>) => Record<string, unknown>;
  instanceId?: (scope: ActorScope) => string;
  beforeWrite?: BeforeWrite;
  insert?: Insert;
  /** Where its binary attributes' files are kept: required when the type has one. */
  files?: FileStore;
};

/** Stored attributes read their column; derived ones come from `derived`; every attribute must be mapped. */
export const entitySource = (type: TransferName, options: EntityOptions): EntitySource => {
  const attributes: Record<string, Expression> = {};
  const columns: Record<string, string> = {};
  for (const [name, attribute] of Object.entries(
    definitionOf(type).attributes as Record<string, AttributeDef>,
  )) {
    const derived = options.derived?.[name];
    if (derived !== undefined) {
      attributes[name] = derived;
      continue;
    }
    if (attribute.derived) {
      throw new Error(`${type}.${name} is derived but has no expression`);
    }
    const column = options.columnNames?.[name] ?? snakeCase(columnOf(name, attribute));
    if (attribute.type === 'binary') {
      const files = options.files;
      if (files === undefined) {
        throw new Error(`${type}.${name} is a file but its source has no file store`);
      }
      attributes[name] = (alias) => files.object(ref(alias, column));
    } else {
      attributes[name] = (alias) => ref(alias, column);
    }
    if (!attribute.readOnly) {
      columns[name] = column;
    }
  }
  for (const name of Object.keys(definitionOf(type).relations)) {
    if (options.relations?.[name] === undefined) {
      throw new Error(`${type}.${name} has no relation source`);
    }
  }
  return {
    kind: 'entity',
    type,
    table: options.table,
    attributes,
    columns,
    notNull: new Set(options.notNull ?? []),
    defaultOrder: options.defaultOrder ?? [],
    scope: options.scope,
    updateable: options.updateable,
    deleteable: options.deleteable,
    relations: options.relations ?? {},
    ...(options.normalize === undefined ? {} : { normalize: options.normalize }),
    ...(options.instanceId === undefined ? {} : { instanceId: options.instanceId }),
    ...(options.beforeWrite === undefined ? {} : { beforeWrite: options.beforeWrite }),
    ...(options.insert === undefined ? {} : { insert: options.insert }),
    ...(options.files === undefined ? {} : { files: options.files }),
  };
};

/** What `prepareDraft` worked out of a draft owner's attributes; empty when the relation has no such hook. */
export type DraftValues = Readonly<Record<string, unknown>>;

/** Ids of the one-relations a draft owner already holds (e.g. the user picked in a reservation form). */
export type DraftRefs = Readonly<Record<string, string>>;

/** Target rows listed in a link table next to the owner. */
export const joinLink =
  (table: string, ownerColumn: string, targetColumn: string) =>
  (owner: Sql, alias: string): Sql =>
    sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} j WHERE j.${sql.raw(ownerColumn)} = ${owner}
      AND j.${sql.raw(targetColumn)} = ${ref(alias, 'id')})`;

/**
 * A many-relation stored in a join table that may hold any target row: it is read, offered and written
 * through the same table and columns.
 */
export const joinTableRelation = (
  table: string,
  ownerColumn: string,
  targetColumn: string,
): RelationSource => ({
  link: joinLink(table, ownerColumn, targetColumn),
  range: allRows,
  write: { kind: 'joinTable', table, ownerColumn, targetColumn },
});

/** Lists in ascending order of the attributes, the first one first. */
export const ascending = (...attributes: string[]): { attribute: string; descending: boolean }[] =>
  attributes.map((attribute) => ({ attribute, descending: false }));

/** A `normalize` that trims the text attribute's white space before it is checked and stored. */
export const trimmed =
  (attribute: string) =>
  (values: Record<string, unknown>): Record<string, unknown> => {
    const value = values[attribute];
    return typeof value === 'string' ? { ...values, [attribute]: value.trim() } : values;
  };

/** The target a foreign key on the owner's row points at. */
export const ownerKeyLink =
  (ownerTable: string, column: string) =>
  (owner: Sql, alias: string): Sql =>
    sql`${ref(alias, 'id')} = (SELECT o.${sql.raw(column)} FROM ${sql.raw(ownerTable)} o WHERE o.id = ${owner})`;

/** Target rows whose column points back at the owner. */
export const backLink =
  (column: string) =>
  (owner: Sql, alias: string): Sql =>
    sql`${ref(alias, column)} = ${owner}`;

/** A panel's instance is its actor. */
export const actorInstance = (scope: ActorScope): string => scope.userId;

/**
 * An input form: nothing to read, nothing stored. Its relations link no stored rows (a draft holds its
 * picks itself); they offer their `range` to pick from.
 */
export const inputForm = (
  type: TransferName,
  relations: Record<string, Omit<RelationSource, 'link'>> = {},
): VirtualSource => ({
  kind: 'virtual',
  type,
  instanceId: null,
  attributes: {},
  relations: Object.fromEntries(
    Object.entries(relations).map(([name, relation]) => [name, { link: () => sql`FALSE`, ...relation }]),
  ),
});

import type { RelationDef, TransferName } from '@parkhere/contract';
import { transferTypes } from '@parkhere/contract';
import type { Row } from '../../api/model.ts';
import { type RelationScreen, relationScreensOf, type Screen, screenNamed } from '../../screens/screens.ts';
import { attributesOf, type ColumnSpec, type FieldOf, type RowOf } from '../data-table/columns.tsx';

/*
 * What a relation screen of SPEC §2.2 shows, worked out from the model: the relation's target type, how its
 * page finds the record it shows, the columns of its table and the pages an owner links to.
 */

export type RelationScreenModel = RelationScreen & { target: TransferName; definition: RelationDef };

export function relationModelOf(screen: RelationScreen): RelationScreenModel {
  const relations: Readonly<Record<string, RelationDef>> = transferTypes[screen.owner].relations;
  const definition = relations[screen.relation];
  if (definition === undefined) {
    throw new Error(`${screen.owner} has no relation ${screen.relation}`);
  }
  return { ...screen, target: definition.target as TransferName, definition };
}

/** The relation screen named by a page's title key (`page.cars`), or undefined for any other page. */
export function relationScreenOfTitleKey(titleKey: string): RelationScreenModel | undefined {
  const relation = screenNamed(titleKey.replace(/^page\./, ''))?.relation;
  return relation === undefined ? undefined : relationModelOf(relation);
}

/**
 * Whose signed identifier a view page's route carries. A stored owner's to-one relation (a profile's preferred
 * slot) is read through the owner, as its table pages are. An element of a to-many relation, or the choice of an
 * input form that is never stored (the reservation form's slot), is named itself: the page reads it by `~get`.
 */
export function viewAddressOf(model: RelationScreenModel): 'owner' | 'record' {
  return model.definition.cardinality === 'one' && transferTypes[model.owner].entity !== null
    ? 'owner'
    : 'record';
}

/** Flags the row actions read (`hiddenWhen`) rather than columns the user reads. */
export const ACTION_FLAGS = ['isNotDeletable', 'isNotCancelable'] as const;

/** The main fields of a reservation; every other type shows all its attributes. */
const RESERVATION_COLUMNS = [
  'date',
  'startTime',
  'endTime',
  'reserverName',
  'reserverCarId',
  'parkingSlotInformation',
  'reservationType',
  'reservationStatus',
] as const;

/** The columns of a relation table, and the fields of a record's view, of `type`. */
export function fieldsOf(type: TransferName): string[] {
  if (type === 'UserReservation') {
    return [...RESERVATION_COLUMNS];
  }
  const flags: readonly string[] = ACTION_FLAGS;
  return Object.keys(attributesOf(type)).filter((field) => !flags.includes(field));
}

/** A relation page's columns: the model names them at run time, so they are checked by `fieldsOf`, not the compiler. */
export const columnSpecsOf = (type: TransferName): ColumnSpec<RowOf<TransferName>>[] =>
  fieldsOf(type).map((field) => ({ field: field as FieldOf<RowOf<TransferName>>, minWidth: 120 }));

/** The mask of a relation's rows: their fields and the flags their actions read. */
export function maskOfFields(type: TransferName): string {
  const attributes = attributesOf(type);
  const flags = ACTION_FLAGS.filter((flag) => attributes[flag] !== undefined);
  return `{${[...fieldsOf(type), ...flags].join(',')}}`;
}

/** The view screen of one element of a relation, opened from a row of the relation's table. */
export function elementViewOf(model: RelationScreen): Screen | undefined {
  return relationScreensOf(model.owner).find(
    (screen) => screen.relation?.relation === model.relation && screen.relation.kind === 'RelationViewPage',
  );
}

/** A link of an owner's page to one of its relation screens: to the screen itself, or to each listed element. */
export type RelatedPage =
  | { screen: Screen; address: 'owner' }
  | { screen: Screen; address: 'elements'; model: RelationScreenModel };

/**
 * What an owner's page links to (SPEC §2.2): each relation table, each to-one relation's view, and for a list
 * that has only a view page, its elements one by one. A list's view page that has a table is opened from the
 * table's rows.
 */
export function relatedPagesOf(owner: TransferName): RelatedPage[] {
  const screens = relationScreensOf(owner);
  return screens.flatMap((screen): RelatedPage[] => {
    const relation = screen.relation;
    if (relation === undefined) {
      return [];
    }
    if (relation.kind === 'RelationTablePage') {
      return [{ screen, address: 'owner' }];
    }
    const model = relationModelOf(relation);
    if (viewAddressOf(model) === 'owner') {
      return [{ screen, address: 'owner' }];
    }
    const hasTable = screens.some(
      (other) =>
        other.relation?.relation === relation.relation && other.relation.kind === 'RelationTablePage',
    );
    return hasTable ? [] : [{ screen, address: 'elements', model }];
  });
}

/** The attributes a record is known by in links and titles; the first one set wins. */
export const NAMING_ATTRIBUTES = ['name', 'aggregaredName', 'licensePlate', 'email', 'startDate'] as const;

/** The name a record is known by, or '' when it has none of the naming attributes. */
export function recordNameOf(record: Row | null | undefined): string {
  for (const field of NAMING_ATTRIBUTES) {
    const value = record?.[field];
    if (typeof value === 'string' && value !== '') {
      return value;
    }
  }
  return '';
}

import {
  type AccessPointName,
  ANSWER_LIMITS,
  type AttributeDef,
  attributeTitle,
  EXPORT_FORMATS,
  type ExportFormat,
  enumerationLabel,
  isExportFormat,
  type Locale,
  type MaskNode,
  MODEL_TEXTS,
  type RelationDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { requestedLocale } from '../platform/auth/resolve-actor.ts';
import { EntityNotFoundError, ValidationError } from '../platform/errors.ts';
import { DEFAULT_LOCALE } from '../platform/mail/mail-context.ts';
import { type EngineContext, type EngineReply, header } from './context.ts';
import { type Cell, type ExportColumn, exportFile } from './export-writers.ts';
import { accessPointList, type ListRequest, listRow, relationList } from './read.ts';

/*
 * A list's `~export`: every row its `~list` would answer for the same body (filters, order, mask for the
 * columns), in the actor's row scope, read by keyset a page at a time and streamed as CSV or XLSX. The
 * answer limits of a `~list` do not apply: the server chooses the pages, and the file is not JSON.
 */

const PAGE_SIZE = 1000;

/** A column of the file: its title and how a row's JSON gives its cell. */
type Column = ExportColumn & { cell: (item: Item) => Cell };

type Item = Record<string, unknown> & { __identifier: string };

const formatOf = (context: EngineContext): ExportFormat => {
  const format = context.urlQuery?.format;
  if (!isExportFormat(format)) {
    throw new ValidationError([
      {
        code: 'NOT_ACCEPTED_BY_RANGE',
        level: 'ERROR',
        location: 'format',
        details: { accepted: Object.keys(EXPORT_FORMATS) },
      },
    ]);
  }
  return format;
};

const attributesOf = (type: TransferName) =>
  transferTypes[type].attributes as Readonly<Record<string, AttributeDef>>;

/**
 * The mask's columns (a table sends its own): its attributes (a file by its name), then the label of each
 * relation under the relation's title: a slot's garage by name, a garage's users as their names joined by "; ";
 * without a mask, every attribute a screen has a title for.
 */
const columnsOf = (type: TransferName, mask: MaskNode | null, locale: Locale): Column[] => {
  const attributes = attributesOf(type);
  const names =
    mask?.attributes ?? Object.keys(attributes).filter((name) => attributeTitle(locale, name) !== undefined);
  const own = names.flatMap((key): Column[] => {
    const attribute = attributes[key];
    return attribute === undefined
      ? []
      : [
          {
            key,
            title: attributeTitle(locale, key) ?? key,
            cell: (item) => cellOf(locale, attribute, item[key]),
          },
        ];
  });
  const relations = transferTypes[type].relations as Readonly<Record<string, RelationDef>>;
  const labels = Object.entries(mask?.relations ?? {}).flatMap(([name, child]): Column[] => {
    const relation = relations[name];
    const label = child.attributes[0];
    const attribute =
      relation === undefined ? undefined : attributesOf(relation.target as TransferName)[label ?? ''];
    if (relation === undefined || label === undefined || attribute === undefined) {
      return [];
    }
    const title = attributeTitle(locale, name) ?? name;
    const labelOf = (target: unknown) =>
      cellOf(locale, attribute, (target as Record<string, unknown>)[label]);
    return [{ key: name, title, cell: (item) => relationCell(item[name], labelOf) }];
  });
  return [...own, ...labels];
};

/**
 * A relation's cell: the label of a to-one target, or of a to-many's targets joined by "; " in the relation's
 * order. A to-many over the answers' nested limit (its statement reads one more) ends in "…": a spreadsheet
 * cell holds at most 32,767 characters, and the relation's own export lists all of them.
 */
const relationCell = (value: unknown, labelOf: (target: unknown) => Cell): Cell => {
  if (!Array.isArray(value)) {
    return value === null || value === undefined ? null : labelOf(value);
  }
  const shown = value.slice(0, ANSWER_LIMITS.maxNestedItems).map(labelOf);
  return [...shown, ...(value.length > shown.length ? ['…'] : [])].join('; ');
};

/** What the statement reads: the columns' attributes and the to-one relations' labels, nothing else. */
const maskOf = (type: TransferName, mask: MaskNode | null, columns: Column[]): MaskNode => {
  const keys = new Set(columns.map((column) => column.key));
  return {
    attributes: Object.keys(attributesOf(type)).filter((name) => keys.has(name)),
    relations: Object.fromEntries(
      Object.entries(mask?.relations ?? {})
        .filter(([name]) => keys.has(name))
        .map(([name, child]) => [name, { attributes: child.attributes.slice(0, 1), relations: {} }]),
    ),
  };
};

/** A value as a reader of `locale` sees it in a table: labels for enumerations and yes or no. */
const cellOf = (locale: Locale, attribute: AttributeDef, value: unknown): Cell => {
  if (value === null || value === undefined) {
    return null;
  }
  switch (attribute.type) {
    case 'boolean':
      return MODEL_TEXTS[locale].boolean[value === true ? 'true' : 'false'];
    case 'enumeration':
      return enumerationLabel(locale, attribute.enumeration?.name ?? '', String(value));
    case 'integer':
      return Number(value);
    case 'binary':
      // The file as its name: the file itself is the list's download, not a spreadsheet's.
      return String((value as { name?: unknown }).name ?? '');
    default:
      return String(value);
  }
};

/** One page of the list's rows after the row `lastId` (the first page without one), in its order. */
const pageAfter = async (
  context: EngineContext,
  request: ListRequest,
  mask: MaskNode,
  lastId: string | null,
) => {
  const row = await listRow(context, {
    registry: context.registry,
    source: request.source,
    query: {
      ...request.query,
      identifier: null,
      mask,
      seek: { limit: PAGE_SIZE, lastItem: null, reverse: false },
    },
    where: request.where,
    scope: context.scope,
    id: null,
    lastId,
    count: false,
    ...(request.ownerCheck === undefined ? {} : { ownerCheck: request.ownerCheck }),
  });
  if (!row.found) {
    throw new EntityNotFoundError();
  }
  return (row.items ?? []) as Item[];
};

async function* pagesFrom(
  context: EngineContext,
  request: ListRequest,
  mask: MaskNode,
  columns: Column[],
  first: Item[],
) {
  let page = first;
  for (;;) {
    yield page.map((item) => columns.map((column) => column.cell(item)));
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || last === undefined) {
      return;
    }
    page = await pageAfter(context, request, mask, last.__identifier);
  }
}

const exportOf = async (context: EngineContext, request: ListRequest, name: string): Promise<EngineReply> => {
  const format = formatOf(context);
  const locale = requestedLocale(header(context, 'accept-language')) ?? DEFAULT_LOCALE;
  const { type } = request.source;
  const columns = columnsOf(type, request.query.mask, locale);
  const mask = maskOf(type, request.query.mask, columns);
  // The first page before the answer starts: a refused filter or an owner out of sight is still a 4xx.
  const first = await pageAfter(context, request, mask, null);
  const pages = pagesFrom(context, request, mask, columns, first);
  const fileName = `${name}-${context.scope.now.toISOString().slice(0, 10)}.${EXPORT_FORMATS[format].extension}`;
  return {
    body: undefined,
    stream: exportFile(format, columns, pages, name),
    headers: {
      'content-type': EXPORT_FORMATS[format].contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  };
};

/** `POST services/Actor/{accessPoint}/~export?format=`. */
export const exportAccessPoint = (context: EngineContext, accessPoint: AccessPointName, body: unknown) =>
  exportOf(context, accessPointList(context, accessPoint, body), accessPoint);

/** `POST services/{Type}/{relation}/~export?format=`, the owner named as for its `~list`. */
export const exportRelation = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  body: unknown,
) => exportOf(context, await relationList(context, type, relation, body), relation);

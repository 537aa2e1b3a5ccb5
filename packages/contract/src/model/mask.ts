import type { ValidationErrorItem } from '../errors.ts';
import type { TransferDef } from './dsl.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';
import type { Validated } from './validation.ts';

/**
 * A mask such as `{name,parkingSlots{aggregaredName}}` picks the attributes and relations a response carries
 * (in `_mask`) or the fields an update writes (in `X-Judo-Mask`).
 */
export type MaskNode = { attributes: string[]; relations: Record<string, MaskNode> };

/** The syntax tree before it is checked against a transfer type: a name maps to its sub-mask or null. */
export type MaskSyntax = Map<string, MaskSyntax | null>;

export const MASK_MAX_LENGTH = 4096;
export const MASK_MAX_DEPTH = 8;

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

const maskError = (location: string, reason: string, position?: number): Validated<never> => ({
  ok: false,
  errors: [
    {
      code: 'INVALID_QUERY_MASK',
      level: 'ERROR',
      location,
      details: position === undefined ? { reason } : { reason, position },
    } satisfies ValidationErrorItem,
  ],
});

/** Parses the mask syntax only; `location` is where errors point (`_mask` or the header name). */
export const parseMaskSyntax = (text: string, location = '_mask'): Validated<MaskSyntax> => {
  if (text.length > MASK_MAX_LENGTH) {
    return maskError(location, 'too long');
  }
  let position = 0;
  const skipBlanks = () => {
    while (position < text.length && /\s/.test(text[position] ?? '')) {
      position += 1;
    }
  };
  const expect = (character: string): boolean => {
    skipBlanks();
    if (text[position] !== character) {
      return false;
    }
    position += 1;
    return true;
  };

  // Returns a reason string on failure so the recursion stays a plain function.
  const parseNode = (depth: number): MaskSyntax | string => {
    if (depth > MASK_MAX_DEPTH) {
      return 'too deep';
    }
    if (!expect('{')) {
      return "expected '{'";
    }
    const node: MaskSyntax = new Map();
    if (expect('}')) {
      return node;
    }
    for (;;) {
      skipBlanks();
      NAME.lastIndex = position;
      const match = NAME.exec(text);
      if (match === null) {
        return 'expected a name';
      }
      const name = match[0];
      position += name.length;
      if (node.has(name)) {
        return `duplicate name ${name}`;
      }
      skipBlanks();
      if (text[position] === '{') {
        const child = parseNode(depth + 1);
        if (typeof child === 'string') {
          return child;
        }
        node.set(name, child);
      } else {
        node.set(name, null);
      }
      if (expect('}')) {
        return node;
      }
      if (!expect(',')) {
        return "expected ',' or '}'";
      }
    }
  };

  const root = parseNode(1);
  if (typeof root === 'string') {
    return maskError(location, root, position);
  }
  skipBlanks();
  if (position !== text.length) {
    return maskError(location, 'trailing characters', position);
  }
  return { ok: true, value: root };
};

/** Every attribute of a type and no relations: what a bare relation name in a mask stands for. */
export const defaultMask = (type: TransferName): MaskNode => ({
  attributes: Object.keys(transferTypes[type].attributes),
  relations: {},
});

/**
 * Levels of relations one mask may ask for. The product's screens need one (`{activeReservations{date}}`,
 * a form's user with `preferredParkingSlot{aggregaredName}`); a relation of a relation is read through its own
 * relation call, so no single answer multiplies lists by lists.
 */
export const MASK_MAX_RELATION_DEPTH = 1;

/** A relation's target as the entity it reads (a transfer type without one stands for itself). */
const entityOf = (type: TransferName): string => transferTypes[type].entity ?? type;

/**
 * Resolves names against the type. A relation may not lead back to an entity already on its path (a garage's
 * slots' garage): such a mask only repeats what it has and grows with every turn.
 */
const resolve = (
  syntax: MaskSyntax,
  type: TransferName,
  path: string,
  along: ReadonlySet<string>,
): MaskNode | string => {
  const definition: TransferDef = transferTypes[type];
  const node: MaskNode = { attributes: [], relations: {} };
  for (const [name, child] of syntax) {
    const relation = definition.relations[name];
    if (relation !== undefined) {
      const target = relation.target as TransferName;
      if (along.has(entityOf(target))) {
        return `${path}${name} leads back to ${entityOf(target)}`;
      }
      if (along.size > MASK_MAX_RELATION_DEPTH) {
        return `${path}${name} is nested deeper than ${MASK_MAX_RELATION_DEPTH} relations`;
      }
      if (child === null) {
        node.relations[name] = defaultMask(target);
        continue;
      }
      const resolved = resolve(child, target, `${path}${name}.`, new Set([...along, entityOf(target)]));
      if (typeof resolved === 'string') {
        return resolved;
      }
      node.relations[name] = resolved;
      continue;
    }
    if (definition.attributes[name] === undefined || child !== null) {
      return `unknown name ${path}${name}`;
    }
    node.attributes.push(name);
  }
  return node;
};

/** Parses a mask and checks every name against the transfer type and its relations' targets. */
export const parseMask = (text: string, type: TransferName, location = '_mask'): Validated<MaskNode> => {
  const syntax = parseMaskSyntax(text, location);
  if (!syntax.ok) {
    return syntax;
  }
  const resolved = resolve(syntax.value, type, '', new Set([entityOf(type)]));
  return typeof resolved === 'string' ? maskError(location, resolved) : { ok: true, value: resolved };
};

/** Writes a mask back as text, e.g. for the web client's requests. */
export const formatMask = (node: MaskNode): string => {
  const parts = [
    ...node.attributes,
    ...Object.entries(node.relations).map(([name, child]) => `${name}${formatMask(child)}`),
  ];
  return `{${parts.join(',')}}`;
};

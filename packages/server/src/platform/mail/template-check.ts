import { type MailTemplateField, mailTemplateAttributes } from '@parkhere/contract';
import Handlebars from 'handlebars';
import { BusinessError } from '../errors.ts';

/*
 * What an administrator's mail template may be (issue 25 N7): Handlebars that parses, showing the mail's
 * values and using only the built-in blocks `#if`, `#unless`, `#each` and `#with`. No partials, decorators or
 * helpers (none is registered: they would fail the mail at render time, and `log` writes to the server's log),
 * and no loop inside a loop, which multiplies a day's arrivals by themselves. Checked when a template is saved
 * and again before one is rendered, so a template stored before the check cannot blow up a job either.
 */

type Position = { line: number; column: number };

/**
 * A template that may not be stored or rendered: what is wrong (`does not compile`), why, and where (1-based
 * line and column) when that is known. A failing job records its message; a save answers it with the place.
 */
export class TemplateError extends Error {
  override name = 'TemplateError';
  constructor(
    readonly what: string,
    readonly why: string,
    readonly at: Position | null = null,
    subject = 'the template',
  ) {
    super(`${subject} ${what}${at === null ? '' : ` at line ${at.line}, column ${at.column}`}: ${why}`);
  }

  /** The same fault said of one template (`the body template`, an attribute's name). */
  of(subject: string): TemplateError {
    return new TemplateError(this.what, this.why, this.at, subject);
  }
}

const refused = (node: Node, why: string) => new TemplateError('is refused', why, positionOf(node));

const BLOCKS = new Set(['if', 'unless', 'each', 'with']);

type Node = hbs.AST.Node;

// Handlebars counts columns from 0; editors, and administrators, from 1.
const positionOf = (node: Node): Position => ({
  line: node.loc.start.line,
  column: node.loc.start.column + 1,
});

/** The jison parser Handlebars shares between environments; after a syntax error its lexer is at the token. */
type SharedParser = { lexer?: { yylloc?: { first_line: number; first_column: number } } };

/** The template's syntax tree; TemplateError (with the position) when it does not parse. */
export function parseTemplate(source: string): hbs.AST.Program {
  try {
    return Handlebars.parse(source);
  } catch (error) {
    throw syntaxError(error);
  }
}

function syntaxError(error: unknown): TemplateError {
  const message = error instanceof Error ? error.message : String(error);
  // A Handlebars exception about a node knows its place ("if doesn't match each - 2:5").
  const known = error as { lineNumber?: number; column?: number };
  if (typeof known.lineNumber === 'number' && typeof known.column === 'number') {
    return new TemplateError('does not compile', message.replace(/ - \d+:\d+$/, ''), {
      line: known.lineNumber,
      column: known.column + 1,
    });
  }
  // A parse error's text quotes the source around the token; its last line says what was expected there.
  const location = (Handlebars as unknown as { Parser: SharedParser }).Parser.lexer?.yylloc;
  const expected = message.split('\n').at(-1) ?? message;
  return new TemplateError(
    'does not compile',
    expected,
    location === undefined ? null : { line: location.first_line, column: location.first_column + 1 },
  );
}

function refusal(node: Node, eachDepth: number): TemplateError | null {
  switch (node.type) {
    case 'PartialStatement':
    case 'PartialBlockStatement':
      return refused(node, 'partials are not available in mail templates');
    case 'Decorator':
    case 'DecoratorBlock':
      return refused(node, 'decorators are not available in mail templates');
    case 'SubExpression':
    case 'MustacheStatement': {
      const call = node as hbs.AST.MustacheStatement;
      const calls =
        node.type === 'SubExpression' || call.params.length > 0 || (call.hash?.pairs.length ?? 0) > 0;
      if (calls) {
        return refused(
          node,
          `the helper "${nameOf(call.path)}" is not available in mail templates: show a value as {{name}}`,
        );
      }
      // A user's text (a guest's name) must reach the mail as text, never as markup.
      return call.escaped === false ? refused(node, '{{{…}}} would write a value as HTML: use {{…}}') : null;
    }
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      const name = nameOf(block.path);
      if (!BLOCKS.has(name)) {
        return refused(
          node,
          `{{#${name}}} is not available in mail templates: use #if, #unless, #each or #with`,
        );
      }
      if (block.params.length !== 1 || (block.hash?.pairs.length ?? 0) > 0) {
        return refused(node, `{{#${name}}} takes exactly one value`);
      }
      if (name === 'each' && eachDepth > 0) {
        return refused(node, '#each inside #each: a loop inside a loop is not allowed');
      }
      return null;
    }
    default:
      return null;
  }
}

const nameOf = (path: hbs.AST.PathExpression | hbs.AST.Literal): string =>
  path.type === 'PathExpression' ? (path as hbs.AST.PathExpression).original : String(path.type);

/** The first thing in the tree a template may not use, in reading order. */
function firstRefusal(node: Node | null | undefined, eachDepth: number): TemplateError | null {
  if (node === null || node === undefined) {
    return null;
  }
  const found = refusal(node, eachDepth);
  if (found !== null) {
    return found;
  }
  const children: [Node | null | undefined, number][] = [];
  switch (node.type) {
    case 'Program':
      children.push(...(node as hbs.AST.Program).body.map((child): [Node, number] => [child, eachDepth]));
      break;
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      // An #each's {{else}} runs when there is nothing to loop over: it is not inside the loop.
      const inside = eachDepth + (nameOf(block.path) === 'each' ? 1 : 0);
      children.push(
        ...block.params.map((param): [Node, number] => [param, eachDepth]),
        [block.program, inside],
        [block.inverse, eachDepth],
      );
      break;
    }
    default:
      break;
  }
  for (const [child, depth] of children) {
    const found = firstRefusal(child, depth);
    if (found !== null) {
      return found;
    }
  }
  return null;
}

/** Throws TemplateError, with where, when the template may not be stored or rendered. */
export function checkTemplate(source: string): void {
  const found = firstRefusal(parseTemplate(source), 0);
  if (found !== null) {
    throw found;
  }
}

/**
 * Refuses a write of administrators' templates (attribute → the value written; absent or null ones are not
 * written) with 422 INVALID_MAIL_TEMPLATE naming the first refused one, its line and column.
 */
export function assertTemplatesAccepted(templates: Readonly<Record<string, unknown>>): void {
  for (const [attribute, template] of Object.entries(templates)) {
    if (typeof template !== 'string') {
      continue;
    }
    try {
      checkTemplate(template);
    } catch (error) {
      if (!(error instanceof TemplateError)) {
        throw error;
      }
      throw new BusinessError('INVALID_MAIL_TEMPLATE', error.of(attribute).message, {
        attribute,
        line: error.at?.line ?? null,
        column: error.at?.column ?? null,
      });
    }
  }
}

/**
 * The templates a write stores, every language of each of `fields`, by attribute (`columns` are the write's
 * columns, named by `columnOf`), for assertTemplatesAccepted.
 */
export const writtenTemplates = (
  fields: readonly MailTemplateField[],
  columns: Readonly<Record<string, unknown>>,
  columnOf: (attribute: string) => string,
): Record<string, unknown> =>
  Object.fromEntries(
    fields.flatMap(mailTemplateAttributes).map((attribute) => [attribute, columns[columnOf(attribute)]]),
  );

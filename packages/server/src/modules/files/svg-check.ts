import { type SaxesAttributeNS, SaxesParser } from 'saxes';

/*
 * Whether uploaded bytes are an SVG image that does nothing but draw (DESIGN §5, issue 11 item 7). A browser
 * shown an SVG as a document runs its scripts, follows its links and loads what it references; the download's
 * own CSP sandbox stops that too, but a file we accept as an image should not need it. So the bytes must be
 * well-formed XML (a strict parser, not a pattern: an HTML page with `<!-- <svg> -->` in it is not an SVG)
 * whose root is the SVG namespace's `svg`, and nothing in it may run or fetch: no script or foreign object, no
 * event-handler attribute, no HTML or MathML element, no DOCTYPE that declares anything (entities), no
 * processing instruction (stylesheets), and every reference a fragment of the file or an embedded raster image.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces whose elements a browser makes live inside an SVG document. */
const LIVE_FOREIGN_NS = new Set(['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML']);
/** Elements that run code or embed other documents, in whatever namespace they are written. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler']);
/** An embedded raster image is drawn as pixels; anything else after `data:` could be a document. */
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

class UnsafeSvg extends Error {}

const refuse = (why: string): never => {
  throw new UnsafeSvg(why);
};

/** A reference is safe when it stays in the file (`#id`) or is an embedded raster image. */
const checkReference = (target: string): void => {
  const trimmed = target.trim().replace(/^['"]|['"]$/g, '');
  if (!trimmed.startsWith('#') && !RASTER_DATA_URL.test(trimmed)) {
    refuse(`external reference ${trimmed.slice(0, 40)}`);
  }
};

/**
 * CSS as the browser reads it: an escape is the character it names (`u\\72l(` is `url(`, `@\\69mport` is
 * `@import`) and a comment is nothing. Dropping comments may join tokens the browser keeps apart, which only
 * makes the check stricter.
 */
const cssAsRead = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n]))/gi, (_escape, hex?: string, character?: string) => {
      if (hex === undefined) {
        return character ?? '';
      }
      const code = Number.parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\ufffd'
        : String.fromCodePoint(code);
    });

/** CSS functions that fetch a URL written as a plain string, not only inside `url()`. */
const STRING_URL_FUNCTION = /(^|[^\w-])(-webkit-)?(image-set|image|cross-fade|src)\s*\(/i;

/** CSS (a style attribute or element, or a presentation attribute such as `fill="url(#g)"`). */
const checkCss = (raw: string): void => {
  const text = cssAsRead(raw);
  if (/@import/i.test(text)) {
    refuse('@import');
  }
  if (STRING_URL_FUNCTION.test(text)) {
    refuse('image-set');
  }
  for (const match of text.matchAll(/url\s*\(([^)]*)\)/gi)) {
    checkReference(match[1] ?? '');
  }
};

/** Browsers ignore whitespace and control characters inside a scheme, so `java\tscript:` is javascript:. */
const schemeOf = (value: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is stripped
  value.replace(/[\u0000-\u0020]/g, '').toLowerCase();

const checkAttribute = (attribute: SaxesAttributeNS): void => {
  const local = attribute.local.toLowerCase();
  if (local.startsWith('on')) {
    refuse(`event handler ${attribute.name}`);
  }
  const value = schemeOf(attribute.value);
  if (/(java|vb)script:|data:text\/html/.test(value)) {
    refuse(`script URL in ${attribute.name}`);
  }
  if (local === 'href' || local === 'src') {
    checkReference(attribute.value);
  }
  checkCss(attribute.value);
};

/** True when `bytes` are a drawing-only SVG document. */
export function isSafeSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return false;
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  let root: string | undefined;
  let inStyle = 0;
  // Without an 'error' handler saxes throws at the first well-formedness error, which is what we want.
  // Many editors write SVG 1.1's public DOCTYPE, which is harmless; an internal subset can declare entities
  // whose text the browser would expand where this check never saw it.
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) {
      refuse('DOCTYPE with an internal subset');
    }
  });
  parser.on('processinginstruction', () => refuse('processing instruction'));
  parser.on('opentag', (tag) => {
    const local = tag.local.toLowerCase();
    if (root === undefined) {
      root = tag.uri === SVG_NS && tag.local === 'svg' ? 'svg' : refuse('root is not svg');
    }
    if (FORBIDDEN_ELEMENTS.has(local) || LIVE_FOREIGN_NS.has(tag.uri)) {
      refuse(`element ${tag.name}`);
    }
    for (const attribute of Object.values(tag.attributes)) {
      checkAttribute(attribute);
    }
    // An animation (<set>, <animate>) may give an attribute at run time a value no attribute shows: a link's
    // target, or an event handler's script.
    const animated = Object.values(tag.attributes).find((attribute) => attribute.local === 'attributeName');
    if (animated !== undefined && /href$|^(\w+:)?on/i.test(animated.value.trim())) {
      refuse(`animated ${animated.value}`);
    }
    if (local === 'style') {
      inStyle += 1;
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local.toLowerCase() === 'style') {
      inStyle -= 1;
    }
  });
  const styleText = (chunk: string) => {
    if (inStyle > 0) {
      checkCss(chunk);
    }
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch {
    return false;
  }
  return root === 'svg';
}

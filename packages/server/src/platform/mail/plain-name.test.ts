import LinkifyIt from 'linkify-it';
import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX, plainName } from './plain-name.ts';

// linkify-it (markdown-it's auto-linker) stands in for a mail client that turns text into links.
const linkify = new LinkifyIt().tlds('example', true);

describe('a name in a mail', () => {
  it('makes no link of a name that spells one', () => {
    const hostile = [
      'https://evil.example/login',
      'Visit www.evil.example now',
      'evil.example',
      'mail me: eve@evil.example',
      'Eve ftp://evil.example',
      'Eve mailto:eve@evil.example',
      '//evil.example/x',
    ];
    for (const name of hostile) {
      expect(linkify.test(name), name).toBe(true);
      expect(linkify.match(plainName(name)), plainName(name)).toBeNull();
    }
  });

  it('leaves an ordinary name as it is', () => {
    expect(plainName('Nagy Péter')).toBe('Nagy Péter');
    expect(plainName('Dr. Kovács-Szabó Éva')).toBe('Dr. Kovács-Szabó Éva');
    expect(plainName("O'Brien, Seán")).toBe("O'Brien, Seán");
  });

  it('is one line of at most MAIL_NAME_MAX characters', () => {
    expect(plainName(' Eve\r\nBcc: all@example.com\u0000\u202e ')).toBe(
      `Eve Bcc${'\uA789'} all${'\uFF20'}example\u2024com`,
    );
    const long = plainName('Á'.repeat(255));
    expect(Array.from(long)).toHaveLength(MAIL_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(plainName('   ')).toBe('');
  });
});

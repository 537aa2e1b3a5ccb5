import { describe, expect, it } from 'vitest';
import { createCheckInLinks } from '../check-in/index.ts';
import { createReleaseLinks } from './release-link.ts';
import { releaseFormPage, releaseResultPage } from './release-page.ts';

const SECRET = 'a test secret of enough length';
const links = createReleaseLinks(SECRET, 'https://parking.example/');
const startsAt = new Date('2026-12-01T08:00:00Z');
const before = new Date('2026-12-01T07:59:59Z');
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';

describe('the release link', () => {
  it('points below /ParkHere/release and names its reservation until the reservation starts', () => {
    const url = links.url('42', startsAt);
    expect(url.startsWith('https://parking.example/ParkHere/release/')).toBe(true);
    expect(links.verify(tokenOf(url), before)).toBe('42');
    expect(links.verify(tokenOf(url), startsAt)).toBeUndefined();
    // Past its expiry a genuine link still says whose it was, flagged expired, so the page can say "started".
    expect(links.inspect(tokenOf(url), startsAt)).toEqual({ id: '42', expired: true });
  });

  it('refuses a forged token, a tampered one and one of another reservation', () => {
    const token = tokenOf(links.url('42', startsAt));
    const [id, expiry, mac = ''] = token.split('.');
    expect(links.verify(`${id}.${expiry}.${'A'.repeat(43)}`, before)).toBeUndefined();
    expect(links.verify(`43.${expiry}.${mac}`, before)).toBeUndefined();
    // A later expiry written over the signed one.
    expect(
      links.verify(`${id}.${(startsAt.getTime() + 86_400_000).toString(36)}.${mac}`, before),
    ).toBeUndefined();
    expect(links.verify(`${token}x`, before)).toBeUndefined();
    expect(links.verify('', before)).toBeUndefined();
    expect(links.inspect(`43.${expiry}.${mac}`, before)).toBeUndefined();
    // Another server's secret signs nothing this one accepts.
    const foreign = createReleaseLinks(`${SECRET}!`, 'https://parking.example');
    expect(links.verify(tokenOf(foreign.url('42', startsAt)), before)).toBeUndefined();
  });

  it('is no check-in link, and a check-in link is no release link', () => {
    const checkIn = createCheckInLinks(SECRET, 'https://parking.example');
    const checkInToken = tokenOf(checkIn.url('42', startsAt));
    expect(checkIn.verify(checkInToken, before)).toBe('42');
    expect(links.verify(checkInToken, before)).toBeUndefined();
    expect(links.inspect(checkInToken, before)).toBeUndefined();
    expect(checkIn.verify(tokenOf(links.url('42', startsAt)), before)).toBeUndefined();
  });
});

const hostile = {
  date: '2026-12-01',
  startTime: '09:00:00',
  endTime: '17:00:00',
  slotName: 'A-105',
  floor: -1,
  garage: '<script>alert(1)</script>"\'&',
};

describe('the release pages', () => {
  it('name the reservation in the owner’s language with one button, every value escaped', () => {
    const en = releaseFormPage('en-US', hostile);
    expect(en).toContain('<html lang="en">');
    expect(en.match(/<h1>/g)).toHaveLength(1);
    expect(en).toContain('Tue, 1 Dec 2026');
    expect(en).toContain('09:00 – 17:00');
    expect(en).toContain('A-105 (floor -1)');
    expect(en).not.toContain('<script>');
    expect(en).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(en).toContain(
      '<form method="post"><button type="submit">Not coming: give the slot back</button></form>',
    );
    const hu = releaseFormPage('hu-HU', hostile);
    expect(hu).toContain('<html lang="hu">');
    expect(hu).toContain('2026. 12. 01. (kedd)');
    expect(hu).toContain('Nem jövök, visszaadom a helyet');
  });

  it('answer each result without a button', () => {
    expect(releaseResultPage('hu-HU', 'given-back', hostile)).toContain('Köszönjük!');
    expect(releaseResultPage('en-US', 'already-given-back', hostile)).toContain('already given back');
    expect(releaseResultPage('en-US', 'started', hostile)).toContain('already started or ended');
    const invalid = releaseResultPage('en-US', 'invalid');
    expect(invalid).toContain('invalid or has expired');
    expect(invalid).not.toContain('<table>');
    expect(invalid).not.toContain('<form');
  });
});

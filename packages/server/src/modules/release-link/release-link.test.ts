import { describe, expect, it } from 'vitest';
import { createCheckInLinks } from '../check-in/index.ts';
import { createReleaseLinks } from './release-link.ts';
import { releaseFormPage, releaseResultPage } from './release-page.ts';

const SECRET = 'a test secret of enough length';
const links = createReleaseLinks(SECRET, 'https://parking.example/');
const startsAt = new Date('2026-12-01T08:00:00Z');
const later = new Date('2026-12-01T09:00:00Z');
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';

describe('the release link', () => {
  it('points below /ParkHere/release and names its reservation whatever start it was signed with', () => {
    const url = links.url('42', startsAt);
    expect(url.startsWith('https://parking.example/ParkHere/release/')).toBe(true);
    expect(links.named(tokenOf(url))).toBe('42');
    // The start it was mailed with ends nothing: the routes judge the reservation's start as it is now, which a
    // time-zone change moves (release-link.int), so the token names its reservation as well as a fresh one.
    expect(links.named(tokenOf(links.url('42', later)))).toBe('42');
  });

  it('refuses a forged token, a tampered one and one of another reservation', () => {
    const token = tokenOf(links.url('42', startsAt));
    const [id, expiry, mac = ''] = token.split('.');
    expect(links.named(`${id}.${expiry}.${'A'.repeat(43)}`)).toBeUndefined();
    expect(links.named(`43.${expiry}.${mac}`)).toBeUndefined();
    // A later instant written over the signed one.
    expect(links.named(`${id}.${(startsAt.getTime() + 86_400_000).toString(36)}.${mac}`)).toBeUndefined();
    expect(links.named(`${token}x`)).toBeUndefined();
    expect(links.named('')).toBeUndefined();
    // Another server's secret signs nothing this one accepts.
    const foreign = createReleaseLinks(`${SECRET}!`, 'https://parking.example');
    expect(links.named(tokenOf(foreign.url('42', startsAt)))).toBeUndefined();
  });

  it('is no check-in link, and a check-in link is no release link', () => {
    const checkIn = createCheckInLinks(SECRET, 'https://parking.example');
    const checkInToken = tokenOf(checkIn.url('42', startsAt));
    expect(checkIn.named(checkInToken)).toBe('42');
    expect(links.named(checkInToken)).toBeUndefined();
    expect(checkIn.named(tokenOf(links.url('42', startsAt)))).toBeUndefined();
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

import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/http/link-page.ts';
import { checkInFormPage, checkInResultPage } from './check-in-page.ts';

const hostile = {
  date: '2026-12-01',
  startTime: '09:00',
  endTime: '17:00',
  slot: '<script>alert(1)</script>"\'&',
};

describe('the check-in pages', () => {
  it('escapes every value, and posts its form to its own address', () => {
    const page = checkInFormPage('en-US', hostile, { opensAt: '08:45', closesAt: '09:30' });
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(page).toContain('<form method="post"><button type="submit">I&#39;m here</button></form>');
    expect(page).toContain('Check in between 08:45 and 09:30.');
    expect(page).toContain('<html lang="en">');
  });

  it('writes the day as the reader’s language does, not as the wire does', () => {
    const window = { opensAt: '08:45', closesAt: '09:30' };
    expect(checkInFormPage('en-US', hostile, window)).toContain('Tue, 1 Dec 2026');
    expect(checkInFormPage('hu-HU', hostile, window)).toContain('2026. 12. 01. (kedd)');
    expect(checkInResultPage('en-US', 'closed', hostile)).not.toContain('2026-12-01');
  });

  it('answers each result in both languages', () => {
    expect(checkInResultPage('hu-HU', 'checked-in', hostile)).toContain('Bejelentkezett');
    expect(checkInResultPage('en-US', 'closed')).toContain('Check-in for this reservation has closed.');
    expect(checkInResultPage('en-US', 'invalid')).not.toContain('<table>');
    expect(escapeHtml('a&b<c>"d\'')).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
  });
});

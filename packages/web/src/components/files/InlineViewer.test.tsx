import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InlineViewer } from './InlineViewer.tsx';

/*
 * Issue 11: the viewer shows a downloaded file from a blob URL, whose document has the app's origin; an SVG in
 * a plain frame there ran with the app's rights (only the app's CSP stopped its script).
 */
const show = (type: string, name: string) =>
  render(<InlineViewer file={{ url: `blob:http://localhost/${name}`, name, type }} onClose={() => {}} />);

describe('inline file viewer (SPEC §7 Files)', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en-US', resources: {} });
  });
  afterEach(() => cleanup());

  it('shows an SVG or any other image as an image, never as a document', async () => {
    for (const [type, name] of [
      ['image/svg+xml', 'palm.svg'],
      ['image/png', 'plan.png'],
    ] as const) {
      show(type, name);
      const image = await screen.findByRole('img', { name });
      expect(image.getAttribute('src')).toBe(`blob:http://localhost/${name}`);
      expect(screen.getByRole('dialog').querySelector('iframe')).toBeNull();
      cleanup();
    }
  });

  it('frames anything that is not an image or a PDF in a sandbox without script or the app’s origin', async () => {
    show('text/html', 'page.html');
    const frame = (await screen.findByRole('dialog')).querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('');
  });

  it('frames a PDF for the browser’s PDF viewer, which refuses sandboxed frames', async () => {
    show('application/pdf', 'plan.pdf');
    const frame = (await screen.findByRole('dialog')).querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('blob:http://localhost/plan.pdf');
  });
});

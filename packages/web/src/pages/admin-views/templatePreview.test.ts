import { describe, expect, it } from 'vitest';
import { renderTemplatePreview } from './templatePreview.ts';

describe('renderTemplatePreview', () => {
  it('fills nested placeholders with the sample data', () => {
    expect(
      renderTemplatePreview('Hi {{recipient.name}}, {{ reservation.date }}', {
        recipient: { name: 'A' },
        reservation: { date: 'D' },
      }),
    ).toBe('Hi A, D');
  });

  it('fills triple-stash placeholders too', () => {
    expect(renderTemplatePreview('{{{name}}}', { name: 'x' })).toBe('x');
  });

  it('drops block tags and keeps their content', () => {
    expect(renderTemplatePreview('{{#if guest}}Guest {{name}}{{/if}}', { name: 'N' })).toBe('Guest N');
  });

  it('shows an unknown placeholder by its path', () => {
    expect(renderTemplatePreview('Plate: {{car.plate}}', {})).toBe('Plate: [car.plate]');
  });

  it('leaves markup as text for the page to show verbatim', () => {
    expect(renderTemplatePreview('<b>{{name}}</b>', { name: '<script>' })).toBe('<b><script></b>');
  });
});

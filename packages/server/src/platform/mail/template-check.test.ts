import { describe, expect, it } from 'vitest';
import { mailKinds } from '../../mail-kinds.ts';
import { renderMail } from './render-template.ts';
import { checkTemplate, TemplateError } from './template-check.ts';

/* Issue 25 N7: what an administrator's mail template may use, and where a refused one goes wrong. */

const problemOf = (template: string) => {
  try {
    checkTemplate(template);
    return null;
  } catch (error) {
    if (!(error instanceof TemplateError)) {
      throw error;
    }
    return { at: error.at, message: error.message };
  }
};

describe('checkTemplate', () => {
  it('accepts every built-in template', () => {
    for (const kind of Object.values(mailKinds)) {
      for (const template of Object.values(kind.templates)) {
        expect(problemOf(template.subject)).toBeNull();
        expect(problemOf(template.html)).toBeNull();
      }
    }
  });

  it.each([
    '{{#if reservation.isGuest}}a{{else if reservation.guestEmail}}b{{else}}c{{/if}}',
    // An #each's {{else}} runs when there is nothing to loop over: an #each there is no loop in a loop.
    '{{#each reservations}}{{slot}}{{else}}{{#each arrivals}}{{this}}{{/each}}{{/each}}',
    '{{#each reservation.days as |day index|}}{{index}}: {{day}}{{/each}}',
    '{{#with reservation}}{{#unless isGuest}}{{ownerName}}{{/unless}}{{/with}} {{@root.date}} {{this}}',
    '{{!-- a comment {{> partial}} --}}\\{{escaped}}',
  ])('accepts %j', (template) => {
    expect(problemOf(template)).toBeNull();
  });

  it.each([
    { template: 'x {{#if (lookup reservation "slot")}}y{{/if}}', at: { line: 1, column: 9 }, says: 'lookup' },
    { template: '<p>{{{reservation.guestName}}}</p>', at: { line: 1, column: 4 }, says: '{{{…}}}' },
    { template: '{{#if a b}}x{{/if}}', at: { line: 1, column: 1 }, says: 'exactly one value' },
    {
      template: '{{#each reservations key=1}}x{{/each}}',
      at: { line: 1, column: 1 },
      says: 'exactly one value',
    },
    { template: '\n{{#> layout}}x{{/layout}}', at: { line: 2, column: 1 }, says: 'partials' },
    { template: '{{*inline}}', at: { line: 1, column: 1 }, says: 'decorators' },
    {
      template: '{{#each reservations}}{{#with this}}{{#each days}}{{this}}{{/each}}{{/with}}{{/each}}',
      at: { line: 1, column: 37 },
      says: 'loop inside a loop',
    },
  ])('refuses $template at $at', ({ template, at, says }) => {
    const problem = problemOf(template);
    expect(problem?.at).toEqual(at);
    expect(problem?.message).toContain(`at line ${at.line}, column ${at.column}`);
    expect(problem?.message).toContain(says);
  });

  it('is applied when a mail is rendered too, so a template stored before the check fails its job', () => {
    expect(() =>
      renderMail({ subject: 'Hi', html: '<p>{{> header}}</p>' }, {
        recipient: { name: 'A', email: 'a@b' },
      } as never),
    ).toThrow(/^the body template is refused at line 1, column 4: partials are not available/);
  });
});

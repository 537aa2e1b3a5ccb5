import type { MailPreview, MailPreviewRequest } from '@parkhere/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { TemplateField } from './TemplateField.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

/*
 * Issue 14.26: the template preview is the mail the server renders on sample data (no raw markup, no bracket
 * placeholders), in a sandboxed frame, with the placeholders that mail has. Issue 31: a template has a text per
 * language, each in its own tab, previewed in its language.
 */

const post = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  api: { post },
}));

const previewOf = (request: MailPreviewRequest): MailPreview => ({
  subject:
    request.locale === 'hu-HU' ? 'Parkolóhely-foglalás visszaigazolása' : 'Parking reservation confirmed',
  html: `<p>Dear Kiss Anna,</p><p>${request.template === '' ? 'built-in' : 'A-105 on Wed, 2 Dec 2026'}</p>`,
  builtIn: request.template === '',
  placeholders: [
    { name: 'recipient.name', description: 'Name of the person the mail goes to', example: 'Kiss Anna' },
  ],
  unknown: request.template.includes('car.plate') ? ['car.plate'] : [],
  error: null,
});

/** The garage's template with its English text `initial` and Hungarian text `hungarian`; `edits` sees each set. */
function Harness({
  initial,
  hungarian = '',
  edits,
  errors = {},
}: {
  initial: string;
  hungarian?: string;
  edits?: (field: string, value: unknown) => void;
  errors?: Record<string, string>;
}) {
  const [edited, setEdited] = useState<Record<string, unknown>>({
    emailTemplateOfTheGarage: hungarian,
    emailTemplateOfTheGarageEn: initial,
  });
  const editor = {
    edited,
    set: (field: string, next: unknown) => {
      edits?.(field, next);
      setEdited((current) => ({ ...current, [field]: next }));
    },
    errorOf: (field: string) => errors[field],
  } as unknown as EntityEditor;
  return <TemplateField editor={editor} field="emailTemplateOfTheGarage" />;
}

beforeAll(initEnglishTranslations);
beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (_path: string, request: MailPreviewRequest) => previewOf(request));
});
afterEach(() => cleanup());

const frame = (language = 'English') =>
  screen.findByTitle<HTMLIFrameElement>(`The mail made from Confirmation mail template, ${language}`);

describe('the mail template preview', () => {
  it('shows the mail the server renders, in a sandboxed frame, with its subject and placeholders', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Dear {{recipient.name}}, {{car.plate}}</p>" />, { wrapper: TestQueryRoot });
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const mail = await frame();
    expect(post).toHaveBeenCalledWith(
      '/mail-templates/~preview',
      {
        field: 'emailTemplateOfTheGarage',
        template: '<p>Dear {{recipient.name}}, {{car.plate}}</p>',
        locale: 'en-US',
      },
      { handleErrors: false },
    );
    // No script may run in it and it cannot reach the app.
    expect(mail.getAttribute('sandbox')).toBe('');
    expect(mail.getAttribute('srcdoc')).toContain('<p>Dear Kiss Anna,</p><p>A-105 on Wed, 2 Dec 2026</p>');
    expect(screen.getByText('Parking reservation confirmed')).toBeTruthy();
    expect(screen.getByText(/This mail has no \{\{car\.plate\}\}: they stay empty/)).toBeTruthy();
    expect(screen.getByText('{{recipient.name}}')).toBeTruthy();
    expect(screen.getByText(/Name of the person the mail goes to/)).toBeTruthy();
    expect(screen.queryByText(/\[recipient\.name\]/)).toBeNull();
  });

  it('holds each language’s text in its own tab, previewed in that language, edits going to that language', async () => {
    const user = userEvent.setup();
    const edits = vi.fn();
    render(<Harness initial="" hungarian="<p>Kedves {{recipient.name}}!</p>" edits={edits} />, {
      wrapper: TestQueryRoot,
    });
    const tabs = screen.getByRole('tablist', { name: 'Languages of Confirmation mail template' });
    // The interface's language first; an empty language says its built-in text is sent.
    expect(screen.getByRole('tab', { name: 'English (built-in)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Hungarian' })).toBeTruthy();
    expect(tabs.contains(screen.getByRole('tab', { name: 'Hungarian' }))).toBe(true);
    const english = screen.getByRole('textbox', { name: 'Confirmation mail template, English' });
    expect((english as HTMLTextAreaElement).value).toBe('');
    expect(
      screen.getByText('Empty: the built-in English text is sent. Open Preview to see it.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await frame()).getAttribute('srcdoc')).toContain('built-in');
    expect(screen.getByText('The template is empty: the built-in text below is sent.')).toBeTruthy();

    // The keyboard moves between the languages, as tabs do.
    screen.getByRole('tab', { name: 'English (built-in)' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Hungarian' }).getAttribute('aria-selected')).toBe('true');
    const hungarian = screen.getByRole('textbox', { name: 'Confirmation mail template, Hungarian' });
    expect((hungarian as HTMLTextAreaElement).value).toBe('<p>Kedves {{recipient.name}}!</p>');
    expect(screen.queryByRole('textbox', { name: 'Confirmation mail template, English' })).toBeNull();
    expect((await frame('Hungarian')).getAttribute('srcdoc')).toContain('A-105');
    expect(await screen.findByText('Parkolóhely-foglalás visszaigazolása')).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith(
      '/mail-templates/~preview',
      { field: 'emailTemplateOfTheGarage', template: '<p>Kedves {{recipient.name}}!</p>', locale: 'hu-HU' },
      { handleErrors: false },
    );

    // An edit goes to the Hungarian attribute and the preview follows once typing pauses.
    fireEvent.change(hungarian, { target: { value: '<p>{{date}}</p>' } });
    expect(edits).toHaveBeenLastCalledWith('emailTemplateOfTheGarage', '<p>{{date}}</p>');
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/mail-templates/~preview',
        { field: 'emailTemplateOfTheGarage', template: '<p>{{date}}</p>', locale: 'hu-HU' },
        { handleErrors: false },
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'English (built-in)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Confirmation mail template, English' }), {
      target: { value: '<p>Hi</p>' },
    });
    expect(edits).toHaveBeenLastCalledWith('emailTemplateOfTheGarageEn', '<p>Hi</p>');
    expect(screen.getByRole('tab', { name: 'English' })).toBeTruthy();
  });

  it('names the language whose text the server refused', () => {
    render(
      <Harness
        initial="{{> x}}"
        errors={{ emailTemplateOfTheGarageEn: 'Not a template the mails can use' }}
      />,
      { wrapper: TestQueryRoot },
    );
    expect(screen.getByRole('tab', { name: 'English (has an error)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Hungarian (built-in)' })).toBeTruthy();
    expect(screen.getByText('Not a template the mails can use')).toBeTruthy();
  });

  it('says why a template cannot be rendered', async () => {
    post.mockImplementation(async (_path: string, request: MailPreviewRequest) => ({
      ...previewOf(request),
      html: '',
      error: 'the body template does not compile: Parse error on line 1',
    }));
    const user = userEvent.setup();
    render(<Harness initial="{{#each days}}" />, { wrapper: TestQueryRoot });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(
        'This template cannot be rendered, and mails using it would fail: the body template does not compile: Parse error on line 1',
      ),
    ).toBeTruthy();
  });
});

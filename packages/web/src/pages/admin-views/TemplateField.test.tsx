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
 * placeholders), in a sandboxed frame, in either language, with the placeholders that mail has.
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

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState<unknown>(initial);
  const editor = {
    edited: { emailTemplateOfTheGarage: value },
    set: (_field: string, next: unknown) => setValue(next),
    errorOf: () => undefined,
  } as unknown as EntityEditor;
  return <TemplateField editor={editor} field="emailTemplateOfTheGarage" />;
}

beforeAll(initEnglishTranslations);
beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (_path: string, request: MailPreviewRequest) => previewOf(request));
});
afterEach(() => cleanup());

const frame = () => screen.findByTitle<HTMLIFrameElement>('The mail made from Confirmation mail template');

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

  it('renders in the other language on demand, and follows the edits once typing pauses', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />, { wrapper: TestQueryRoot });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await frame()).getAttribute('srcdoc')).toContain('built-in');
    expect(screen.getByText('The template is empty: the built-in text below is sent.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Magyar' }));
    expect(await screen.findByText('Parkolóhely-foglalás visszaigazolása')).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith(
      '/mail-templates/~preview',
      expect.objectContaining({ locale: 'hu-HU', template: '' }),
      { handleErrors: false },
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Confirmation mail template' }), {
      target: { value: '<p>{{date}}</p>' },
    });
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/mail-templates/~preview',
        { field: 'emailTemplateOfTheGarage', template: '<p>{{date}}</p>', locale: 'hu-HU' },
        { handleErrors: false },
      ),
    );
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

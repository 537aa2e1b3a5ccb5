import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { accessTokenOf, apiOf, deleteReservations, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { openAs, settled, textsOf, violationsOf } from './axe.ts';
import { appNow, workingDaysFrom } from './clock.ts';
import { expect, pinClock, test } from './fixtures.ts';

/*
 * The administrators' Failed jobs page (issue 30, item 3) against a job that failed for real: a server of its
 * own whose SMTP_URL names a port nothing listens on, so a reservation's confirmation mail fails and waits for
 * its next attempt. The page lists it with its error and the user it concerns; once a mail server listens, Retry
 * sends it, and a second page still showing the row is told it is not failing any more. In English and
 * Hungarian, on a desktop and a 360 px phone (nothing to scroll sideways), with axe's WCAG 2.1 AA.
 */
const base = Number(process.env.E2E_PORT ?? 8181);
const appPort = base + 7;
const smtpPort = base + 8;
const origin = `http://localhost:${appPort}`;
const FAILED_JOBS = '/Services/Actor/FailedJobs/AccessTablePage';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

let server: ChildProcess | undefined;
let output = '';

/** A mail server that takes every message, on the port the app's SMTP_URL names, until it is closed. */
async function listeningMailServer(): Promise<SMTPServer> {
  const mail = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => mail.listen(smtpPort, '127.0.0.1', resolve));
  return mail;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The README's server on a fresh data directory, as the suite's own but with mail that cannot go out.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '../packages/server'),
    env: {
      ...process.env,
      PORT: String(appPort),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parkhere-e2e-jobs-')),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      ALLOW_TEST_CLOCK: 'true',
      TEST_CLOCK: `${process.env.E2E_CLOCK}@${process.env.E2E_CLOCK_SINCE}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  await expect
    .poll(async () => (await fetch(`${origin}/api/health/ready`).catch(() => undefined))?.status, {
      timeout: 170_000,
      message: output,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/**
 * The user's reservation from `hour`:10 to `hour`:40 on the first free working day: its confirmation mail is
 * queued. With what removes it again (the user's quota stays as it was), while a mail server listens.
 */
async function reserveAsUser(browser: Browser, hour: number) {
  const context = await browser.newContext({ baseURL: origin });
  await pinClock(context);
  const page = await context.newPage();
  await openAs(page, 'user', { width: 1280, mode: 'light', locale: 'en-US' });
  const token = await accessTokenOf(page);
  const time = (minute: number) => `${String(hour).padStart(2, '0')}:${minute}`;
  const { reservation } = await reserveOnFirstFreeDay(page.request, token, {
    days: workingDaysFrom(1, 8),
    startTime: `${time(10)}:00`,
    endTime: `${time(40)}:00`,
  });
  await context.close();
  return {
    /** How the job's "concerns" names it: its day and times. */
    named: `${String(reservation.date)} ${time(10)}–${time(40)}`,
    remove: (page: Page) => deleteReservations(page.request, page, [reservation], token),
  };
}

/** The failing jobs as the administrator's API lists them. */
const failedJobsOf = async (page: Page): Promise<Entity[]> =>
  (
    await apiOf(page.request, await accessTokenOf(page))('Actor/failedJobs/~list', {
      _mask: '{concerns,nextRunAt}',
    })
  ).body as Entity[];

/** How long until the worker tries the job about `named` again on its own (by the app's clock), in ms. */
const untilNextAttempt = async (page: Page, named: string): Promise<number> => {
  const job = (await failedJobsOf(page)).find((found) => String(found.concerns).includes(named));
  return job?.nextRunAt ? Date.parse(String(job.nextRunAt)) - appNow().getTime() : Number.POSITIVE_INFINITY;
};

/** The row (a grid row, or a phone's card) of the confirmation mail of the reservation `named`. */
const jobRow = (page: Page, named: string): Locator =>
  page
    .locator('[role=row], [data-testid=data-table-card]')
    .filter({ hasText: named })
    .filter({ hasText: 'mail.confirmation' });

/** The reservations the failing jobs concern, as the administrator's API lists them. */
const failingConcerns = async (page: Page): Promise<string> =>
  (await failedJobsOf(page)).map((job) => String(job.concerns)).join('\n');

const cases = [
  { locale: 'en-US', width: 1280, hour: 6 },
  { locale: 'hu-HU', width: 1280, hour: 7 },
  { locale: 'en-US', width: 360, hour: 8 },
  { locale: 'hu-HU', width: 360, hour: 9 },
] as const;

for (const { locale, width, hour } of cases) {
  test(`${locale}, ${width} px: a mail that failed is listed with its error and user, retried, and told apart once sent`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const text = textsOf(locale);
    const jobs = (key: string) => text(`application:adminViews.failedJobs.${key}`);

    const reservation = await reserveAsUser(browser, hour);
    const day = reservation.named;

    await openAs(page, 'admin', { width, mode: 'light', locale });
    // The worker tried it at once and failed: nothing listens for mail.
    await expect.poll(() => failingConcerns(page), { timeout: 30_000 }).toContain(day);

    await page.goto(FAILED_JOBS);
    await settled(page);
    await expect(
      page.getByRole('heading', { level: 1, name: text('application:page.failedJobs') }),
    ).toBeVisible();
    const row = jobRow(page, day);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('ECONNREFUSED');
    await expect(row.getByRole('button', { name: jobs('openUser') })).toBeEnabled();
    expect(await violationsOf(page, 'Failed jobs')).toBe('');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    // Another administrator's page keeps showing the row while this one retries it.
    const otherContext = await browser.newContext({ baseURL: origin });
    await pinClock(otherContext);
    const stale = await otherContext.newPage();
    await openAs(stale, 'admin', { width, mode: 'light', locale });
    await stale.goto(FAILED_JOBS);
    await expect(jobRow(stale, day)).toHaveCount(1);

    // The worker tries the job again on its own 30 s, 60 s, … after a failure; once a mail server listens it
    // would send it, and Retry would rightly be told the job is not failing. Click well before that attempt.
    await expect
      .poll(() => untilNextAttempt(page, day), { timeout: 60_000, intervals: [1_000] })
      .toBeGreaterThan(20_000);
    const mail = await listeningMailServer();
    try {
      await row.getByRole('button', { name: jobs('retry') }).click();
      await expect(page.getByText(jobs('retried'))).toBeVisible();
      // Sent: the job is no longer failing, and the list says so.
      await expect.poll(() => failingConcerns(page), { timeout: 30_000 }).not.toContain(day);
      await page.reload();
      await settled(page);
      await expect(jobRow(page, day)).toHaveCount(0);

      await jobRow(stale, day)
        .getByRole('button', { name: jobs('retry') })
        .click();
      await expect(stale.getByText(text('system:businessError.JOB_NOT_FAILING'))).toBeVisible();
      await expect(jobRow(stale, day)).toHaveCount(0);
    } finally {
      await otherContext.close();
      await reservation.remove(page);
      await new Promise<void>((resolve) => mail.close(() => resolve()));
    }
  });
}

test('the user a failed job concerns opens from its row', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const day = (await reserveAsUser(browser, 10)).named;

  await openAs(page, 'admin', { width: 1280, mode: 'light', locale: 'en-US' });
  await page.goto(FAILED_JOBS);
  await settled(page);
  await expect(jobRow(page, day)).toHaveCount(1, { timeout: 30_000 });
  // From the keyboard: the row's action takes the focus and Enter opens the user.
  await jobRow(page, day).getByRole('button', { name: 'Open the user' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('user@parkhere.example');
});

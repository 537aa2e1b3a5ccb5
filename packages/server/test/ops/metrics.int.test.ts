import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { normalRequest } from '../reservations/forms.ts';
import { createStorage, freePort, startServer, workingDayAfter, worldOfFile } from '../world.ts';

/*
 * GET /metrics (issue 30, item 2) as Prometheus scrapes it: behind METRICS_TOKEN on the main port (unset: 404,
 * wrong: 401), or on METRICS_PORT only; requests by route pattern and status, a reservation counted, the queue
 * by kind. The example alert rules in the repository parse as Prometheus rule groups.
 */
const METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789abcdef';
const { server, user } = await worldOfFile({ users: ['user'], env: { METRICS_TOKEN } });

/** A scrape with the bearer token given (null: none). */
const scrape = (url: string, token: string | null = METRICS_TOKEN) =>
  fetch(`${url}/metrics`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

/** The scraped text's value of one series (name and labels as printed), 0 when absent. */
const seriesValue = (text: string, series: string): number => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

const scrapedText = async () => {
  const answer = await scrape(server.url);
  expect(answer.status).toBe(200);
  return answer.text();
};

describe('/metrics on the main port', () => {
  it('answers the Prometheus text format to the token, 401 to a wrong or missing one', async () => {
    const answer = await scrape(server.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toContain('# TYPE parkhere_http_request_duration_seconds histogram');
    expect(text).toMatch(/parkhere_db_pool_connections\{state="total"\} \d+/);
    for (const wrong of ['wrong-token', `${METRICS_TOKEN}x`, null]) {
      const refused = await scrape(server.url, wrong);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain('parkhere_');
    }
  });

  it('counts a reservation made through the API', async () => {
    const before = seriesValue(await scrapedText(), 'parkhere_reservations_created_total');
    const day = await workingDayAfter(server, 2);
    await user.json(
      '/services/UserReservationPanel/reservation',
      await normalRequest(user, 'A-110', day, '09:00:00', '10:00:00'),
    );
    const text = await scrapedText();
    expect(seriesValue(text, 'parkhere_reservations_created_total')).toBe(before + 1);
    // The reservation queued its confirmation: the queue shows it by kind until the worker sends it.
    expect(text).toContain('# TYPE parkhere_jobs_due gauge');
  });

  it('labels request durations by the route pattern, not the URL', async () => {
    const answer = await fetch(`${server.url}/ParkHere/calendar/not-a-feed-token.ics`);
    expect(answer.status).toBe(404);
    const text = await scrapedText();
    expect(text).toContain(
      'parkhere_http_request_duration_seconds_count{method="GET",route="/ParkHere/calendar/:file",status="404"}',
    );
    expect(text).not.toContain('not-a-feed-token');
  });
});

describe('where /metrics answers', () => {
  it('is 404 without METRICS_TOKEN, not the web page', async () => {
    const world = await createStorage();
    const plain = await startServer(world);
    try {
      const answer = await scrape(plain.url, null);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('Not found');
    } finally {
      await plain.close();
    }
  });

  it('with METRICS_PORT answers there only, the main port 404 even to the token', async () => {
    const world = await createStorage();
    const port = await freePort();
    const separate = await startServer(world, { env: { METRICS_PORT: String(port), METRICS_TOKEN } });
    try {
      expect((await scrape(separate.url)).status).toBe(404);
      const metricsUrl = `http://127.0.0.1:${port}`;
      expect((await scrape(metricsUrl, 'wrong-token')).status).toBe(401);
      const answer = await scrape(metricsUrl);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('parkhere_mails_sent_total');
    } finally {
      await separate.close();
    }
    // Closed with the app: the port is free again.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('the example alert rules', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const rules = load(readFileSync(path.join(root, 'ops/prometheus-alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
  };

  it('parse as Prometheus rule groups, one alert each for dead jobs, queue age, errors and mail', () => {
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.every((rule) => rule.expr.length > 0 && rule.for !== undefined)).toBe(true);
    expect(alerts.map((rule) => rule.alert).sort()).toEqual([
      'ParkHereDeadJobs',
      'ParkHereHighErrorRate',
      'ParkHereMailFailing',
      'ParkHereQueueBacklog',
    ]);
  });

  it('watch only figures /metrics answers', async () => {
    const exported = new Set([...(await scrapedText()).matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
    const watched = rules.groups
      .flatMap((group) => group.rules)
      .flatMap((rule) => [...rule.expr.matchAll(/parkhere_\w+/g)].map((match) => match[0]))
      .map((name) => name.replace(/_(count|sum|bucket)$/, ''));
    expect(watched.length).toBeGreaterThan(4);
    for (const name of watched) {
      expect(exported).toContain(name);
    }
  });
});

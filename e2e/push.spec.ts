import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { PushMessage } from '@parkhere/contract';
import type { Page } from '@playwright/test';
import ece from 'http_ece';
import { DESKTOP_AND_PHONE, describe, openAs, settled, textsOf, type Variant, WCAG_TAGS } from './axe.ts';
import { controlledBy, expect, test } from './fixtures.ts';

/*
 * Web Push in the browser (issue 32, item 4), in English and Hungarian on a desktop and a phone: Profile
 * settings' Notifications switch asks for the permission (granted in the context) and subscribes; "Send a test
 * notification" makes the server post "Notifications are on" to the subscription's push service. Chromium has
 * no push service here, so the test stands in for it: the page's PushManager hands out a subscription at the
 * test's own loopback service (the server runs with ALLOW_TEST_PUSH_ENDPOINTS=true), which decrypts what the
 * server posts with the subscription's keys, and the message is delivered to the service worker as a push
 * service would (DevTools' ServiceWorker.deliverPushMessage), which shows the notification.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });
test.slow();

type Received = { path: string; body: Buffer };
const received: Received[] = [];
let pushOrigin = '';
const service = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', body: Buffer.concat(chunks) });
    response.writeHead(201).end();
  });
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

/** The page's PushManager hands out a subscription at the test's push service, with these keys. */
async function standInPushService(page: Page, endpoint: string, p256dh: string, auth: string): Promise<void> {
  await page.addInitScript(
    (subscription) => {
      let current: PushSubscription | null = null;
      const made = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => {
        current = made;
        return made;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, p256dh, auth },
  );
}

/** Delivers `data` to the page's service worker as a push message. */
async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => {
      const live = found.find((registration) => !registration.isDeleted);
      if (live !== undefined) {
        resolve(live.registrationId);
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data,
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
    })),
  );

DESKTOP_AND_PHONE.forEach((variant) => {
  test(`turning notifications on and receiving the test notification (${variant.name})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = textsOf(variant.locale);
    const look: Variant = { width: variant.width, mode: 'light', locale: variant.locale };
    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const path = `/push/${variant.name.replace(' ', '-')}-${Date.now()}`;
    await standInPushService(page, `${pushOrigin}${path}`, keys.getPublicKey('base64url'), auth);
    await openAs(page, 'user', look);
    await controlledBy(page);
    await page.goto('/Services/Actor/ProfileSettings/AccessViewPage');
    await settled(page);

    const section = page.getByTestId('notifications');
    const toggle = section.getByLabel(t('application:profileSettings.notifications.switch'));
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    const axe = await new AxeBuilder({ page })
      .include('[data-testid=notifications]')
      .withTags(WCAG_TAGS)
      .analyze();
    expect(describe(axe.violations)).toBe('');

    await section.getByRole('button', { name: t('application:profileSettings.notifications.test') }).click();
    await expect.poll(() => received.filter((request) => request.path === path).length).toBe(1);
    const [posted] = received.filter((request) => request.path === path) as [Received];
    const plain = ece.decrypt(posted.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth });
    const message = JSON.parse(plain.toString('utf8')) as PushMessage;
    expect(message).toMatchObject({
      title: 'ParkHere',
      body: variant.locale === 'hu-HU' ? 'Az értesítések be vannak kapcsolva.' : 'Notifications are on.',
      tag: 'test',
      lang: variant.locale,
    });

    await deliverPush(page, plain.toString('utf8'));
    await expect
      .poll(() => shownNotifications(page))
      .toContainEqual({ title: message.title, body: message.body, tag: 'test' });

    // Turned off again, the server forgets this browser.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  });
});

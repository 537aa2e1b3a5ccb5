import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { send } from '../../api/client.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { toast } from '../../feedback/toast.ts';
import { pushStatus, turnPushOff, turnPushOn } from '../../push/webPush.ts';
import { NotificationsSection } from './NotificationsSection.tsx';

vi.mock('../../push/webPush.ts', () => ({
  pushStatus: vi.fn(),
  turnPushOn: vi.fn(),
  turnPushOff: vi.fn(),
}));
vi.mock('../../api/client.ts', () => ({ send: vi.fn(async () => ({ data: { subscriptions: 1 } })) }));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);
beforeEach(() => {
  vi.mocked(pushStatus).mockReset();
  vi.mocked(turnPushOn).mockReset();
  vi.mocked(turnPushOff).mockReset();
  vi.mocked(send).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => cleanup());

const notificationsSwitch = async () =>
  (await screen.findByRole('switch', { name: 'Notifications on this device' })) as HTMLInputElement;
/** Waits until the switch shows `checked`. */
const switchTurns = (checked: boolean) =>
  waitFor(async () => expect((await notificationsSwitch()).checked).toBe(checked));

describe('the notifications section', () => {
  it('asks for the permission only when the switch is clicked, then offers a test notification', async () => {
    const user = userEvent.setup();
    vi.mocked(pushStatus).mockResolvedValue('off');
    vi.mocked(turnPushOn).mockResolvedValue('on');
    render(<NotificationsSection />);
    const toggle = await notificationsSwitch();
    expect(toggle.checked).toBe(false);
    expect(turnPushOn).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send a test notification' })).toBeNull();
    await user.click(toggle);
    expect(turnPushOn).toHaveBeenCalledOnce();
    await switchTurns(true);
    expect(toast.success).toHaveBeenCalledWith('Notifications are on.');
    await user.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(send).toHaveBeenCalledWith('POST', 'push/test');
    expect(toast.success).toHaveBeenCalledWith('A test notification is on its way.');
  });

  it('turns notifications off for this browser', async () => {
    const user = userEvent.setup();
    vi.mocked(pushStatus).mockResolvedValue('on');
    vi.mocked(turnPushOff).mockResolvedValue();
    render(<NotificationsSection />);
    await user.click(await notificationsSwitch());
    expect(turnPushOff).toHaveBeenCalledOnce();
    await switchTurns(false);
  });

  it('says how to allow notifications the browser was told to block', async () => {
    const user = userEvent.setup();
    vi.mocked(pushStatus).mockResolvedValue('off');
    vi.mocked(turnPushOn).mockResolvedValue('denied');
    render(<NotificationsSection />);
    await user.click(await notificationsSwitch());
    expect((await screen.findByTestId('notifications-denied')).textContent).toMatch(/site settings/);
    await waitFor(async () => expect((await notificationsSwitch()).disabled).toBe(true));
  });

  it('says so where the browser cannot show notifications', async () => {
    vi.mocked(pushStatus).mockResolvedValue('unsupported');
    render(<NotificationsSection />);
    expect(await screen.findByText(/cannot show ParkHere's notifications/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

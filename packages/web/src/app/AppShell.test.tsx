import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPage, resetExtensions, setMenuCustomizer } from '../extensions/registry.ts';
import { listenForInstallOffer } from '../offline/installOffer.ts';
import { emulatePhoneWidth, renderShell, testPrincipal } from './shellTestHarness.tsx';

const USERS_PATH = '/Services/Actor/Users/AccessTablePage';

async function mainMenu() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }));
}

/** The routing error page inside the shell: its heading, and its three ways out. */
async function expectRoutingErrorPage(heading: string) {
  const page = within(await screen.findByRole('alert'));
  expect(page.getByRole('heading', { name: heading })).toBeTruthy();
  expect(page.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Reset Settings',
    'Navigate to Dashboard',
    'Reload Page',
  ]);
}

describe('signed-in shell', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    resetExtensions();
    vi.restoreAllMocks();
  });

  it('shows a user their preferred username and no administrator entries', async () => {
    await renderShell(testPrincipal('user'));
    expect((await screen.findByRole('button', { name: 'UU user, Profile' })).textContent).toContain('user');
    const menu = await mainMenu();
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Reservation',
      'Holidays',
      'Profile Settings',
    ]);
    expect(menu.queryByText('Settings')).toBeNull();
  });

  it('names the profile button by the initials and username it shows, then by what it is for (WCAG 2.5.3)', async () => {
    await renderShell(testPrincipal('admin'));
    const button = await screen.findByRole('button', { name: 'AA admin, Profile' });
    // Every text the button shows is in its name, in the order shown.
    const shown = [...button.querySelectorAll('.MuiAvatar-root, .MuiTypography-root')].map(
      (part) => part.textContent ?? '',
    );
    expect(shown).toEqual(['AA', 'admin']);
    expect(button.getAttribute('aria-label')).toContain(shown.join(' '));
  });

  it('shows an administrator the Settings group, whose entries open their pages', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell(testPrincipal('admin'));
    const menu = await mainMenu();
    expect(menu.getByRole('link', { name: 'Reservations' })).toBeTruthy();
    await user.click(menu.getByRole('button', { name: 'Settings' }));
    const settings = within(await screen.findByRole('presentation'));
    expect(settings.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Parking Slots',
      'Parking Garages',
      'Users',
      'Groups',
      'Configuration',
      'Reports',
      'Audit log',
      'Failed jobs',
      'Import',
    ]);
    await user.click(settings.getByRole('link', { name: 'Users' }));
    // The page titles itself, whether it is still a placeholder or already the real table.
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(USERS_PATH);
  });

  it('answers an administrator page with 403 for a user', async () => {
    await renderShell(testPrincipal('user'), USERS_PATH);
    await expectRoutingErrorPage('Access denied');
  });

  it('shows the 404 page with only Navigate to Dashboard for an unknown address', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell(testPrincipal('user'), '/no/such/page');
    const page = within(await screen.findByRole('alert'));
    expect(page.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(page.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Navigate to Dashboard',
    ]);
    await user.click(page.getByRole('button', { name: 'Navigate to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeTruthy();
  });

  it('has a page for every relation route, with its title', async () => {
    await renderShell(testPrincipal('user'), '/Services/ProfileSettings/Cars/RelationTablePage/abc');
    expect(await screen.findByRole('heading', { name: 'Cars' })).toBeTruthy();
  });

  it('switches the menu to Hungarian from the profile popup, and remembers it', async () => {
    const user = userEvent.setup();
    await renderShell(testPrincipal('user'));
    await user.click(await screen.findByRole('button', { name: /, Profile$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Magyar' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Főmenü' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Foglalás',
      'Szabadságok',
      'Profilbeállítások',
    ]);
    expect(JSON.parse(window.localStorage.getItem('ParkHere-config') ?? '{}')).toMatchObject({
      i18n: 'hu-HU',
    });
  });

  it('offers "Install ParkHere" only once the browser offers installation, and shows the browser’s prompt', async () => {
    listenForInstallOffer();
    const user = userEvent.setup();
    await renderShell(testPrincipal('user'));
    await user.click(await screen.findByRole('button', { name: /, Profile$/ }));
    await screen.findByRole('menuitem', { name: 'Dark mode' });
    expect(screen.queryByRole('menuitem', { name: 'Install ParkHere' })).toBeNull();
    await user.keyboard('{Escape}');

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => ({ outcome: 'accepted' })),
    });
    window.dispatchEvent(offer);
    // Kept for the menu: the browser's own mini-infobar is held back.
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: /, Profile$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Install ParkHere' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // A prompt shows once: the entry is gone until the browser offers again.
    await user.click(screen.getByRole('button', { name: /, Profile$/ }));
    await screen.findByRole('menuitem', { name: 'Dark mode' });
    expect(screen.queryByRole('menuitem', { name: 'Install ParkHere' })).toBeNull();
  });

  it('toggles dark mode from the profile popup and stores it', async () => {
    const user = userEvent.setup();
    await renderShell(testPrincipal('user'));
    await user.click(await screen.findByRole('button', { name: /, Profile$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dark mode' }));
    expect(await screen.findByRole('menuitem', { name: 'Light mode' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('ParkHere-config') ?? '{}')).toMatchObject({
      mode: 'dark',
    });
  });

  it('shows the product name with the current year in the footer', async () => {
    await renderShell(testPrincipal('user'));
    expect(await screen.findByText(`ParkHere © ${new Date().getFullYear()}`)).toBeTruthy();
  });

  it('shows a page a plug-in registered for the route instead of the default', async () => {
    registerPage('Services/Actor/UserHolidays/AccessViewPage', async () => ({
      default: () => <h1>Plug-in holidays</h1>,
    }));
    await renderShell(testPrincipal('user'), '/Services/Actor/UserHolidays/AccessViewPage');
    expect(await screen.findByRole('heading', { name: 'Plug-in holidays' })).toBeTruthy();
  });

  it("shows 'Menu Items Error' for an entry of an unknown type from a customizer", async () => {
    setMenuCustomizer((items) => [...items, JSON.parse('{"id": "odd", "type": "link", "title": "odd"}')]);
    await renderShell(testPrincipal('user'));
    const menu = await mainMenu();
    expect(menu.getByText('Menu Items Error')).toBeTruthy();
    expect(menu.getByText('Invalid item type')).toBeTruthy();
  });

  it('opens http addresses of the menu outside the app', async () => {
    setMenuCustomizer((items) => [
      ...items,
      { id: 'help', type: 'item', title: 'Help desk', url: 'https://help.example/parking' },
    ]);
    await renderShell(testPrincipal('user'));
    const link = (await mainMenu()).getByRole('link', { name: 'Help desk' });
    expect(link.getAttribute('href')).toBe('https://help.example/parking');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers the theme drawer only behind the experiment flag, and persists its choices', async () => {
    const user = userEvent.setup();
    await renderShell(testPrincipal('user'));
    await screen.findByRole('button', { name: /, Profile$/ });
    expect(screen.queryByRole('button', { name: 'Customize theme' })).toBeNull();
    cleanup();

    window.localStorage.setItem('ParkHere-experimental', 'true');
    await renderShell(testPrincipal('user'));
    await user.click(await screen.findByRole('button', { name: 'Customize theme' }));
    await user.click(await screen.findByRole('button', { name: 'Vertical' }));
    await user.click(screen.getByRole('button', { name: 'Container' }));
    expect(JSON.parse(window.localStorage.getItem('ParkHere-config') ?? '{}')).toMatchObject({
      menuOrientation: 'vertical',
      container: true,
    });
    // Vertical puts the menu in the drawer, whose footer carries the profile block.
    expect(await screen.findByText('User', { selector: 'span' })).toBeTruthy();
  });

  it('shows a failing page as the routing error page inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerPage('Services/Actor/UserHolidays/AccessViewPage', async () => ({
      default: () => {
        throw new Error('broken page');
      },
    }));
    await renderShell(testPrincipal('user'), '/Services/Actor/UserHolidays/AccessViewPage');
    await expectRoutingErrorPage('Oops! Something went wrong.');
    expect(await mainMenu()).toBeTruthy();
  });

  it('tells a 503 from a page apart', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerPage('Services/Actor/UserHolidays/AccessViewPage', async () => ({
      default: () => {
        throw Object.assign(new Error('unavailable'), { status: 503 });
      },
    }));
    await renderShell(testPrincipal('user'), '/Services/Actor/UserHolidays/AccessViewPage');
    expect(await screen.findByRole('heading', { name: 'Service unavailable' })).toBeTruthy();
  });

  it('forwards from the redirect page to the page it names', async () => {
    const { router } = await renderShell(
      testPrincipal('user'),
      '/_redirect?to=/Services/Actor/UserHolidays/AccessViewPage',
    );
    expect(await screen.findByRole('heading', { name: 'Holidays' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Services/Actor/UserHolidays/AccessViewPage');
  });

  it('says the redirect failed when it names no page of the app', async () => {
    await renderShell(testPrincipal('user'), '/_redirect?to=https://elsewhere.example');
    expect(
      await screen.findByText('An error occurred during redirect. Please try again later!'),
    ).toBeTruthy();
  });

  it('shows where the page sits, not the history, and returns Home through it', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell(testPrincipal('user'));
    const menu = await mainMenu();
    // Real pages load lazily (the profile page brings the data grid), which jsdom takes a while to evaluate.
    const pageLoad = { timeout: 15_000 };
    await user.click(menu.getByRole('link', { name: 'Holidays' }));
    await screen.findByRole('heading', { name: 'Holidays' }, pageLoad);
    await user.click(menu.getByRole('link', { name: 'Profile Settings' }));
    await screen.findByRole('heading', { name: 'Profile Settings' }, pageLoad);
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Home',
      'Profile Settings',
    ]);
    await user.click(trail.getByRole('button', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home');
  }, 30_000);
});

describe('small screens', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    window.localStorage.clear();
    restore = emulatePhoneWidth();
  });
  afterEach(() => {
    cleanup();
    restore();
  });

  it("shows the bottom navigation with three entries and 'Other' holding the rest", async () => {
    const user = userEvent.setup();
    await renderShell(testPrincipal('admin'));
    const bar = within(await screen.findByRole('navigation', { name: 'Bottom navigation' }));
    expect(bar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Reservation',
      'Holidays',
      'Reservations',
    ]);
    await user.click(bar.getByRole('button', { name: 'Other' }));
    const popup = within(await screen.findByRole('presentation'));
    expect(popup.getByRole('link', { name: 'Profile Settings' })).toBeTruthy();
    expect(popup.getByRole('link', { name: 'Users' })).toBeTruthy();
  });

  it('hides the header menu and opens the menu in a temporary drawer', async () => {
    const user = userEvent.setup();
    await renderShell(testPrincipal('user'));
    await screen.findByRole('navigation', { name: 'Bottom navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const menu = await mainMenu();
    await user.click(menu.getByRole('link', { name: 'Holidays' }));
    expect(await screen.findByRole('heading', { name: 'Holidays' })).toBeTruthy();
  });
});

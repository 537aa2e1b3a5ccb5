import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../public/i18n/application_en-US.json';
import { resetExtensions, setNavigationPathDecorator } from '../extensions/registry.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { NavigationProvider, useNavigation, usePageTitle } from './NavigationProvider.tsx';

function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  const { back, navigate } = useNavigation();
  return (
    <>
      <h1>{title}</h1>
      <button type="button" onClick={back}>
        back
      </button>
      <button type="button" onClick={() => navigate('/b')}>
        to b
      </button>
    </>
  );
}

function UntitledPage() {
  const { navigate } = useNavigation();
  return (
    <button type="button" onClick={() => navigate('/a')}>
      to a
    </button>
  );
}

function renderPages(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <NavigationProvider>
            <Breadcrumb />
            <Outlet />
          </NavigationProvider>
        ),
        children: [
          { path: '/', element: <TitledPage title="Dashboard" /> },
          { path: '/a', element: <TitledPage title="Page A" /> },
          { path: '/b', element: <TitledPage title="Page B" /> },
          { path: '/untitled', element: <UntitledPage /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('navigation helper (SPEC §2.7)', () => {
  beforeAll(async () => {
    await i18next
      .use(initReactI18next)
      .init({ lng: 'en-US', resources: { 'en-US': { application: english } } });
  });
  afterEach(() => {
    cleanup();
    resetExtensions();
    vi.restoreAllMocks();
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useNavigation())).toThrow(
      'useNavigation must be used within a NavigationProvider',
    );
  });

  it('goes back to the home page when there is nothing to go back to', async () => {
    const router = renderPages('/a');
    await userEvent.click(await screen.findByRole('button', { name: 'back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back to the previous page, and the browser back pops the stack', async () => {
    const router = renderPages('/');
    await act(() => router.navigate('/a'));
    await userEvent.click(await screen.findByRole('button', { name: 'to b' }));
    await screen.findByRole('heading', { name: 'Page B' });
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(router.state.location.pathname).toBe('/a');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home');
  });

  it('lets the registered decorator rewrite every path it navigates to', async () => {
    setNavigationPathDecorator((path) => `/a${path === '/b' ? '' : path}`);
    const router = renderPages('/');
    await userEvent.click(await screen.findByRole('button', { name: 'to b' }));
    expect(router.state.location.pathname).toBe('/a');
  });

  it("warns 'Page title has not been set!' when leaving a page without a title", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPages('/untitled');
    await userEvent.click(await screen.findByRole('button', { name: 'to a' }));
    await screen.findByRole('heading', { name: 'Page A' });
    expect(warn).toHaveBeenCalledWith('Page title has not been set!');
  });

  it('does not warn when the page left had a title', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPages('/a');
    await userEvent.click(await screen.findByRole('button', { name: 'to b' }));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(warn).not.toHaveBeenCalled();
  });
});

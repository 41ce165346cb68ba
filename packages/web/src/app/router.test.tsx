import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { useLayoutEffect } from 'react';
import { createQueryClient } from '../lib/query-client.js';
import { fakeApi, ok } from '../testing/fake-api.js';
import { captureToasts, setupI18n } from '../testing/render.js';
import { AppRoutes } from './router.js';

let location = '';
function Probe() {
  const l = useLocation();
  useLayoutEffect(() => {
    location = l.pathname + l.search;
  });
  return null;
}

function renderApp(route: string) {
  setupI18n('en');
  const toasts = captureToasts();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return toasts;
}

const resources = (from: '' | 'OLD_CONSOLE', list: string[]) =>
  ok({ resources: list, from, version: '1.2.3', username: from ? null : 'admin' });

describe('routes', () => {
  it('an unknown route is replaced by /404?path=<the full path>, titled', async () => {
    fakeApi({});
    renderApp('/no/such/page?x=1');
    await waitFor(() => expect(location).toBe('/404?path=%2Fno%2Fsuch%2Fpage%3Fx%3D1'));
    expect(await screen.findByTestId('requested-path')).toHaveTextContent('/no/such/page?x=1');
    await waitFor(() => expect(document.title).toBe('Not found - tsnacos'));
    expect(screen.getByText('Back to home').closest('a')).toHaveAttribute('href', '/');
  });

  it('/ goes to the about page, which shows the version and the user; the side menu follows the resources', async () => {
    const api = fakeApi({ 'GET /v2/user/web_resources': () => resources('', ['/manage/about', '/manage/configs']) });
    renderApp('/');
    await waitFor(() => expect(location).toBe('/manage/about'));
    expect(await screen.findByTestId('about-version')).toHaveTextContent('v1.2.3');
    expect(screen.getByTestId('about-username')).toHaveTextContent('admin');
    await waitFor(() => expect(document.title).toBe('About - tsnacos'));
    expect(document.querySelector('.app-sider')?.textContent).toBe(
      'Config managementConfig listSystem managementAbout',
    );
    expect(screen.getByTestId('account-menu')).toBeInTheDocument();
    expect(api.callsTo('GET /v2/user/web_resources')).toHaveLength(1);
  });

  it('old console: no account menu, every entry but users', async () => {
    fakeApi({ 'GET /v2/user/web_resources': () => resources('OLD_CONSOLE', []) });
    renderApp('/manage/about');
    await screen.findByTestId('about-version');
    expect(screen.queryByTestId('account-menu')).toBeNull();
    const menu = document.querySelector('.app-sider')?.textContent ?? '';
    expect(menu).toContain('Namespaces');
    expect(menu).not.toContain('Users');
  });

  it('logout says so and goes to the login page after 500 ms', async () => {
    fakeApi({
      'GET /v2/user/web_resources': () => resources('', ['/manage/about']),
      'POST /v2/login/logout': () => ok(true),
      'GET /v2/login/captcha': () => ok(null, { 'Captcha-Token': 'x'.repeat(32) }),
    });
    const toasts = renderApp('/manage/about');
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    await userEvent.click(await screen.findByTestId('account-menu'));
    await userEvent.click(await screen.findByText('Logout'));
    await waitFor(() => expect(toasts.successes).toEqual(['logout success']));
    expect(timeouts.mock.calls.some(([, ms]) => ms === 500)).toBe(true);
    await waitFor(() => expect(location).toBe('/p/login'));
  });
});

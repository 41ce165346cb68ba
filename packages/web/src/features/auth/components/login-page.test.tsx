import { createDecipheriv } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '../../../testing/fake-api.js';
import { renderScreen, routerLocation } from '../../../testing/render.js';
import { LoginPage } from './login-page.js';

const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const IMAGE = 'iVBORw0KGgo=';

function decrypt(text: string) {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(TOKEN.slice(0, 16)), Buffer.from(TOKEN.slice(16, 32)));
  return Buffer.concat([d.update(Buffer.from(text, 'base64')), d.final()]).toString();
}

function setup(options: { captcha?: boolean; login?: () => Response } = {}) {
  const api = fakeApi({
    'GET /v2/login/captcha': () => ok(options.captcha === false ? null : IMAGE, { 'Captcha-Token': TOKEN }),
    'POST /v2/login/login': options.login ?? (() => ok({ token: 'x' })),
    'GET /v2/user/web_resources': () => ok({ resources: [], from: '', version: '1', username: 'admin' }),
  });
  return api;
}

const renderLogin = (route = '/p/login') => renderScreen(<LoginPage />, { route, path: '/p/login' });

describe('login page', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('draws the product mark inline: the tab icon is the only request for server.svg', async () => {
    setup();
    const { container } = renderLogin();
    await screen.findByAltText('Captcha');
    expect(screen.getByTestId('product-logo').tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('img[src$="server.svg"]')).toBeNull();
  });

  it('shows the required messages on blur and on input', async () => {
    setup();
    renderLogin();
    const username = screen.getByLabelText('Username');
    fireEvent.blur(username);
    expect(await screen.findByText('Need Username')).toBeInTheDocument();
    await userEvent.type(username, 'a');
    expect(screen.queryByText('Need Username')).not.toBeInTheDocument();
    await userEvent.clear(username);
    expect(screen.getByText('Need Username')).toBeInTheDocument();
    await screen.findByAltText('Captcha');
    fireEvent.blur(screen.getByLabelText('Password'));
    fireEvent.blur(screen.getByLabelText('Captcha'));
    expect(screen.getByText('Need Password')).toBeInTheDocument();
    expect(screen.getByText('Need captcha')).toBeInTheDocument();
  });

  it('loads a captcha on entry and a new one when the image is clicked', async () => {
    const api = setup();
    renderLogin();
    const image = await screen.findByAltText('Captcha');
    expect(image).toHaveAttribute('src', `data:image/png;base64,${IMAGE}`);
    expect(image).toHaveAttribute('height', '60');
    await userEvent.click(image);
    await waitFor(() => expect(api.callsTo('GET /v2/login/captcha')).toHaveLength(2));
  });

  it('Enter in the password field does not submit while there is a captcha field; Enter in the captcha does', async () => {
    const api = setup();
    renderLogin();
    await screen.findByAltText('Captcha');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(api.callsTo('POST /v2/login/login')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');
    await waitFor(() => expect(api.callsTo('POST /v2/login/login')).toHaveLength(1));
    const form = api.callsTo('POST /v2/login/login')[0].form();
    expect(form.get('username')).toBe('admin');
    expect(form.get('captcha')).toBe('abcd');
    expect(decrypt(form.get('password')!)).toBe('pw');
  });

  it('Enter in the password field submits when there is no captcha', async () => {
    const api = setup({ captcha: false });
    renderLogin();
    await waitFor(() => expect(api.callsTo('GET /v2/login/captcha')).toHaveLength(1));
    expect(screen.queryByLabelText('Captcha')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'admin{Enter}');
    expect(api.callsTo('POST /v2/login/login')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(api.callsTo('POST /v2/login/login')).toHaveLength(1));
  });

  it.each([
    ['USER_CHECK_ERROR', 'User or Password Error'],
    ['CAPTCHA_CHECK_ERROR', 'captcha error'],
    ['LOGIN_LIMITE_ERROR', 'login error too many times'],
    ['SYSTEM_ERROR', 'login fail unknown error'],
  ])('on %s shows "%s" and reloads the captcha', async (code, text) => {
    const api = setup({ login: () => fail(code) });
    const { toasts } = renderLogin();
    await screen.findByAltText('Captcha');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'bad');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toasts.errors).toEqual([text]));
    await waitFor(() => expect(api.callsTo('GET /v2/login/captcha')).toHaveLength(2));
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
  });

  it.each([
    [
      'LDAP_UNAVAILABLE',
      'the LDAP server cannot be reached (connect ECONNREFUSED 127.0.0.1:389); local users can still log in',
      'The LDAP directory cannot be reached: the LDAP server cannot be reached (connect ECONNREFUSED 127.0.0.1:389); local users can still log in',
    ],
    [
      'LDAP_REFUSED',
      'the LDAP server refused the login: InvalidCredentialsError (LDAP result 49)',
      'The LDAP directory refused the login: the LDAP server refused the login: InvalidCredentialsError (LDAP result 49)',
    ],
    ['SYSTEM_ERROR', 'decode_password error', 'login fail unknown error: decode_password error'],
  ])('on %s shows what went wrong with the server message', async (code, message, text) => {
    setup({ captcha: false, login: () => fail(code, message) });
    const { toasts } = renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(toasts.errors).toEqual([text]));
  });

  it('shows "request failed, response code" for a non-200 answer', async () => {
    setup({ captcha: false, login: () => new Response('boom', { status: 502 }) });
    const { toasts } = renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(toasts.errors).toEqual(['request failed, response code: 502']));
  });

  it('on success stores the web resources and pushes the route for redirect_url "/"', async () => {
    const api = setup({ captcha: false });
    renderLogin('/p/login?redirect_url=%2F');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(routerLocation()).toBe('/'));
    expect(api.callsTo('GET /v2/user/web_resources')).toHaveLength(1);
  });

  it('on success loads any other redirect_url as a full page', async () => {
    setup({ captcha: false });
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: {
        ...original,
        set href(v: string) {
          assign(v);
        },
        get href() {
          return original.href;
        },
      },
    });
    try {
      renderLogin(`/p/login?redirect_url=${encodeURIComponent('/rnacos/manage/configs?dataId=a')}`);
      await userEvent.type(screen.getByLabelText('Username'), 'admin');
      await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/rnacos/manage/configs?dataId=a'));
      expect(routerLocation()).toMatch(/^\/p\/login/);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

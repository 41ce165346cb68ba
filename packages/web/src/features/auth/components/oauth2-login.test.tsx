import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok } from '../../../testing/fake-api.js';
import { renderScreen } from '../../../testing/render.js';
import { LoginPage } from './login-page.js';

const AUTHORIZE = '/rnacos/api/console/v2/login/oauth2/authorize';

function setup(config: unknown, oauth2Login = () => fail('OAUTH2_STATE_ERROR', 'not started here')) {
  return fakeApi({
    'GET /v2/login/captcha': () => ok(null, { 'Captcha-Token': '' }),
    'GET /v2/login/config': () => ok(config),
    'POST /v2/login/oauth2/login': oauth2Login,
  });
}

const renderLogin = (route: string) => renderScreen(<LoginPage />, { route, path: '/p/login' });

describe('OAuth2 on the login page', () => {
  it("shows the server's button text, leading to the start with the page the user wanted", async () => {
    setup({ oauth2Enable: true, oauth2Button: 'Sign in with SSO', oauth2AuthorizeUrl: AUTHORIZE });
    renderLogin('/p/login?redirect_url=%2Frnacos%2Fmanage%2Fnamespace');
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(link).toHaveAttribute('href', `${AUTHORIZE}?redirect_url=%2Frnacos%2Fmanage%2Fnamespace`);
  });

  it('offers no button while OAuth2 is off', async () => {
    const api = setup({ oauth2Enable: false, oauth2Button: null, oauth2AuthorizeUrl: null });
    renderLogin('/p/login');
    await waitFor(() => expect(api.callsTo('GET /v2/login/config')).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says why a login through the provider failed', async () => {
    setup({ oauth2Enable: true, oauth2Button: 'SSO', oauth2AuthorizeUrl: AUTHORIZE });
    renderLogin('/p/login?oauth2_error=OAUTH2_PROVIDER_ERROR');
    expect(await screen.findByRole('alert')).toHaveTextContent('The OAuth2 provider cannot be reached');
  });

  it('posts a code the provider brought back to this page, and shows a refusal', async () => {
    const api = setup({ oauth2Enable: true, oauth2Button: 'SSO', oauth2AuthorizeUrl: AUTHORIZE });
    renderLogin('/p/login?code=the-code&state=the-state&iss=https%3A%2F%2Fsso.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('not started in this browser');
    expect(api.callsTo('POST /v2/login/oauth2/login')[0]?.json()).toEqual({
      code: 'the-code',
      state: 'the-state',
      iss: 'https://sso.example',
    });
  });
});

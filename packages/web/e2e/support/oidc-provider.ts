import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT_ID = 'tsnacos-console';
export const TEST_CLIENT_SECRET = 'a-test-client-secret-never-logged';

/** The provider's users: the login name typed at the provider is the account id. */
const ACCOUNTS: Record<string, { name: string; groups: string[] }> = {
  alice: { name: 'Alice Admin', groups: ['nacos-admins', 'staff'] },
  bob: { name: 'Bob Builder', groups: ['nacos-devs'] },
  carol: { name: 'Carol Guest', groups: [] },
  admin: { name: 'Not the local admin', groups: [] },
  // the local admin's name in other letters, in a group the role map makes admins
  ADMIN: { name: 'Not the local admin either', groups: ['nacos-admins'] },
};

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, with one confidential client that
 * may redirect to `redirectUris`. Its development interactions log in whoever types a known name (any
 * password) and ask for consent once; "[ Cancel ]" denies.
 */
export async function startProvider(redirectUris: string[]): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'username', 'groups'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['a-test-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = ACCOUNTS[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, preferred_username: id, username: id, name: account.name, groups: account.groups }),
      };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port free right now, for a console whose redirect URI must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

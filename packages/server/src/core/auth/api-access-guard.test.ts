import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import type { ApiCredentials, ApiResource } from './api-access.js';
import { ROLE_GUEST } from './user-model.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

/** What `check` says: 'allowed' or the refusal's message. */
async function checked(credentials: ApiCredentials, resource: ApiResource): Promise<string> {
  return app!.core.apiAccess.check(credentials, resource).then(
    () => 'allowed',
    (err: Error) => err.message,
  );
}

/** What `checkNow` says, in the same terms; 'later' when it leaves the decision to `check`. */
function checkedNow(credentials: ApiCredentials, resource: ApiResource): string {
  try {
    return app!.core.apiAccess.checkNow!(credentials, resource) ? 'allowed' : 'later';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('OpenAPI access decided at once', () => {
  it('gives a token the answer check gives, and leaves a username and password to check', async () => {
    app = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    const { auth } = app.core;
    await auth.users.add({ username: 'reader', password: 'reader-password', roles: [ROLE_GUEST] });
    const admin = (await auth.sessions.create('api', 'admin', 3600)).token;
    const reader = (await auth.sessions.create('api', 'reader', 3600)).token;
    const consoleLogin = (await auth.sessions.create('console', 'admin', 3600)).token;
    const read: ApiResource = { namespaceId: '', action: 'read' };
    const write: ApiResource = { namespaceId: '', action: 'write' };
    const cases: [ApiCredentials, ApiResource, string][] = [
      [{ accessToken: admin }, write, 'allowed'],
      [{ accessToken: ` ${reader} ` }, read, 'allowed'],
      [{ accessToken: reader }, write, 'user reader has no write permission'],
      [{ accessToken: consoleLogin }, read, 'unknown user!'],
      [{ accessToken: 'f'.repeat(64) }, read, 'unknown user!'],
      [{}, read, 'unknown user!'],
    ];
    for (const [credentials, resource, expected] of cases) {
      expect(await checked(credentials, resource)).toBe(expected);
      expect(checkedNow(credentials, resource)).toBe(expected);
    }
    // a password takes a wait (its hash is compared): only check decides it
    const byPassword = { username: 'reader', password: 'reader-password', source: '10.0.0.9' };
    expect(checkedNow(byPassword, read)).toBe('later');
    expect(await checked(byPassword, read)).toBe('allowed');
    // a good token wins over a password beside it, as in check
    expect(checkedNow({ ...byPassword, accessToken: admin }, write)).toBe('allowed');
  });

  it('allows everything at once with OpenAPI auth off', async () => {
    app = await buildTestApp();
    expect(checkedNow({}, { namespaceId: 'dev', action: 'write' })).toBe('allowed');
  });
});

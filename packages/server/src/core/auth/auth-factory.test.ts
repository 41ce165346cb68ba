import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { createAuth, DEFAULT_PASSWORD_CHECK_DELAY_MS } from './auth-factory.js';
import { MemoryUserStore } from '../../../test/fakes/memory-user-store.js';
import { MemorySessionStore } from '../../../test/fakes/memory-session-store.js';

function recordingLogger() {
  const lines: string[] = [];
  const logger = {
    info: (m: string) => lines.push(`info ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
  } as unknown as Logger;
  return { lines, logger };
}

const settings = {
  consoleLoginTimeoutSeconds: 60,
  apiLoginTimeoutSeconds: 60,
  consoleLoginOneHourLimit: 5,
  consoleEnableCaptcha: false,
  enableOpenApiAuth: false,
  initAdminUsername: 'admin',
  initAdminPassword: 'admin',
};

describe('createAuth', () => {
  it('creates the first admin and warns while the default password is in use', async () => {
    const store = new MemoryUserStore();
    const first = recordingLogger();
    const { auth } = await createAuth(
      { users: store, sessions: new MemorySessionStore() },
      settings,
      new ManualClock(),
      first.logger,
    );
    expect(first.lines.some((l) => l.startsWith('info created the console admin user admin'))).toBe(true);
    expect(first.lines.some((l) => l.startsWith('warn') && l.includes('default password'))).toBe(true);

    // a later start still warns while the password is the default one, a moment after start-up
    const again = recordingLogger();
    await createAuth({ users: store, sessions: new MemorySessionStore() }, settings, new ManualClock(), again.logger);
    expect(again.lines).toEqual([]);
    await vi.waitFor(() => expect(again.lines.some((l) => l.includes('default password'))).toBe(true), {
      timeout: DEFAULT_PASSWORD_CHECK_DELAY_MS + 2000,
    });

    await auth.users.update({ username: 'admin', password: 'better-password' });
    const second = recordingLogger();
    await createAuth({ users: store, sessions: new MemorySessionStore() }, settings, new ManualClock(), second.logger);
    await new Promise((r) => setTimeout(r, DEFAULT_PASSWORD_CHECK_DELAY_MS + 300));
    expect(second.lines).toEqual([]);
  });

  it('uses the configured first admin', async () => {
    const store = new MemoryUserStore();
    const { auth } = await createAuth(
      { users: store, sessions: new MemorySessionStore() },
      { ...settings, initAdminUsername: 'root', initAdminPassword: 's3cret-password' },
      new ManualClock(),
      recordingLogger().logger,
    );
    expect(await auth.users.authenticate('root', 's3cret-password')).toBeDefined();
    expect(auth.users.get('admin')).toBeUndefined();
  });

  it('at start ends the sessions of users stored beside another spelling of their name, and names them', async () => {
    const store = new MemoryUserStore();
    const sessions = new MemorySessionStore();
    const { auth } = await createAuth(
      { users: store, sessions },
      settings,
      new ManualClock(),
      recordingLogger().logger,
    );
    const admin = auth.users.get('admin')!;
    // what an older release could record: the provider's ADMIN beside the local admin, logged in
    await store.change(() => ({ save: { ...admin, username: 'ADMIN', source: 'OAUTH2' }, result: undefined }));
    const now = new ManualClock().now();
    await sessions.add({ tokenHash: 'h', kind: 'console', username: 'ADMIN', createdAt: now, expiresAt: now + 1e6 });
    const later = recordingLogger();
    await createAuth({ users: store, sessions }, settings, new ManualClock(), later.logger);
    expect(await sessions.loadLive(now)).toEqual([]);
    expect(later.lines).toContainEqual(
      expect.stringMatching(/^warn console user "ADMIN" is another spelling of "admin"/),
    );
  });
});

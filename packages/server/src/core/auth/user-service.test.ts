import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { openDatabase, type SqliteDatabase } from '../../storage/sqlite/database.js';
import { SqliteUserStore } from '../../storage/sqlite/sqlite-user-store.js';
import { hashPassword } from './password.js';
import { ALL_NAMESPACES } from './user-model.js';
import { LAST_ADMIN_MESSAGE, UserService } from './user-service.js';

describe('UserService', () => {
  let dir: string;
  let db: SqliteDatabase;
  let users: UserService;
  const clock = new ManualClock();

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-users-'));
    db = openDatabase(dir);
    users = await UserService.create(new SqliteUserStore(db), clock);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on a node that has not heard of the other node yet, the store decides: exists, not found, last admin', async () => {
    // a second service over the same file: another node, loaded now, hearing nothing of what follows
    const otherDb = openDatabase(dir);
    try {
      await users.add({ username: 'root', password: 'pw-password', roles: ['0'] });
      await users.add({ username: 'root2', password: 'pw-password', roles: ['0'] });
      const other = await UserService.create(new SqliteUserStore(otherDb), clock);
      await users.add({ username: 'carol', password: 'pw-password', roles: ['2'] });
      await expect(other.add({ username: 'carol', password: 'pw-password', roles: ['2'] })).rejects.toThrow(
        /already exists/,
      );
      expect((await other.update({ username: 'carol', nickname: 'C' })).nickname).toBe('C');
      await users.remove('carol');
      expect(await other.remove('carol')).toBe(false);
      // each node alone sees two enabled admins; together they may not disable both
      await users.update({ username: 'root', enabled: false });
      await expect(other.update({ username: 'root2', enabled: false })).rejects.toThrow(LAST_ADMIN_MESSAGE);
    } finally {
      otherDb.close();
    }
  });

  it('creates the first admin only on an empty store, with a bcrypt hash', async () => {
    expect(await users.ensureInitialAdmin('root', 'pw-password')).toBe(true);
    expect(await users.ensureInitialAdmin('other', 'pw-password')).toBe(false);
    const root = users.get('root')!;
    expect(root.roles).toEqual(['0']);
    expect(root.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await users.authenticate('root', 'pw-password')).toBeDefined();
    expect(await users.authenticate('root', 'wrong')).toBeUndefined();
    expect(users.get('other')).toBeUndefined();
  });

  it('gives a first admin with the default password a working hash, and a changed password its own salt', async () => {
    await users.ensureInitialAdmin('admin', 'admin');
    const first = users.get('admin')!.passwordHash;
    expect(await users.authenticate('admin', 'admin')).toBeDefined();
    expect(await users.authenticate('admin', 'admin2')).toBeUndefined();
    await users.update({ username: 'admin', password: 'admin-changed' });
    const changed = users.get('admin')!.passwordHash;
    expect(changed).not.toBe(first);
    expect(await users.authenticate('admin', 'admin-changed')).toBeDefined();
  });

  it('keeps users across a reopen of the store', async () => {
    await users.add({
      username: 'dev',
      password: 'secret-password',
      roles: ['1'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['public', 'dev'] },
    });
    db.close();
    db = openDatabase(dir);
    const reopened = await UserService.create(new SqliteUserStore(db), clock);
    const dev = reopened.get('dev')!;
    expect(dev.roles).toEqual(['1']);
    expect(dev.namespacePrivilege).toEqual({
      enabled: true,
      whitelistIsAll: false,
      whitelist: ['', 'dev'],
      blacklistIsAll: false,
      blacklist: [],
    });
    expect(await reopened.authenticate('dev', 'secret-password')).toBeDefined();
  });

  it('refuses duplicates, unknown roles and empty roles with clear messages', async () => {
    await users.add({ username: 'a', password: 'x-password', roles: ['2'] });
    await expect(users.add({ username: 'a', password: 'x-password', roles: ['2'] })).rejects.toThrow(/already exists/);
    await expect(users.add({ username: 'b', password: 'x-password', roles: ['9'] })).rejects.toThrow(/unknown role: 9/);
    await expect(users.add({ username: 'b', password: 'x-password', roles: [] })).rejects.toThrow(/roles is empty/);
    await expect(users.add({ username: 'b c', password: 'x-password', roles: ['1'] })).rejects.toThrow(
      /invalid username/,
    );
    await expect(users.add({ username: 'b', password: '', roles: ['1'] })).rejects.toThrow(/password is required/);
  });

  it('never lets the last enabled admin go', async () => {
    await users.ensureInitialAdmin('admin', 'admin');
    await expect(users.remove('admin')).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(users.update({ username: 'admin', roles: ['1'] })).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(users.update({ username: 'admin', enabled: false })).rejects.toThrow(LAST_ADMIN_MESSAGE);
    expect(users.get('admin')!.roles).toEqual(['0']);
    await users.add({ username: 'second', password: 'x-password', roles: ['0'] });
    expect(await users.remove('admin')).toBe(true);
    await expect(users.remove('second')).rejects.toThrow(LAST_ADMIN_MESSAGE);
  });

  it('reports which changes must end sessions', async () => {
    await users.add({ username: 'u', password: 'x-password', roles: ['1'] });
    const events: Array<[string, boolean]> = [];
    users.onChange((name, end) => events.push([name, end]));
    await users.update({ username: 'u', nickname: 'New name' });
    await users.update({ username: 'u', namespacePrivilege: { blacklist: ['dev'] } });
    await users.update({ username: 'u', password: 'y-password' });
    await users.update({ username: 'u', roles: ['2'] });
    await users.update({ username: 'u', enabled: false });
    await users.remove('u');
    expect(events).toEqual([
      ['u', false],
      ['u', false],
      ['u', true],
      ['u', true],
      ['u', true],
      ['u', true],
    ]);
    await expect(users.update({ username: 'ghost' })).rejects.toThrow(/does not exist/);
  });

  it('a disabled user cannot authenticate', async () => {
    await users.add({ username: 'u', password: 'x-password', roles: ['1'] });
    await users.update({ username: 'u', enabled: false });
    expect(await users.authenticate('u', 'x-password')).toBeUndefined();
  });

  it('filters before paging and orders by username', async () => {
    for (const name of ['bob', 'alice', 'carol', 'alina'])
      await users.add({ username: name, password: 'x-password', roles: ['2'] });
    expect(users.list({ likeUsername: 'li', offset: 0, limit: 10 }).items.map((u) => u.username)).toEqual([
      'alice',
      'alina',
    ]);
    const page = users.list({ likeUsername: 'a', offset: 1, limit: 2, descending: true });
    expect(page.total).toBe(3);
    expect(page.items.map((u) => u.username)).toEqual(['alina', 'alice']);
  });

  it('reloads users written to the store directly, ending sessions of changed ones', async () => {
    await users.add({ username: 'keep', password: 'x-password', roles: ['1'] });
    await users.add({ username: 'changed', password: 'x-password', roles: ['1'] });
    await users.add({ username: 'gone', password: 'x-password', roles: ['1'] });
    const store = new SqliteUserStore(db);
    await store.change(() => ({ save: { ...users.get('changed')!, roles: ['2'] }, result: undefined }));
    await store.change(() => ({ save: { ...users.get('keep')!, username: 'new', nickname: 'N' }, result: undefined }));
    await store.change(() => ({ remove: 'gone', result: undefined }));
    const ended: string[] = [];
    users.onChange((name, end) => end && ended.push(name));
    await users.reload();
    expect(ended.sort()).toEqual(['changed', 'gone']);
    expect(users.get('changed')!.roles).toEqual(['2']);
    expect(users.get('new')!.nickname).toBe('N');
    expect(users.get('gone')).toBeUndefined();
  });

  it('sets no password shorter than 8 characters, while a stored shorter one still logs in', async () => {
    await expect(users.add({ username: 'short', password: 'seven77', roles: ['1'] })).rejects.toThrow(
      'password must have at least 8 characters',
    );
    await users.add({ username: 'u', password: 'eight888', roles: ['1'] });
    await expect(users.update({ username: 'u', password: 'abc' })).rejects.toThrow(/at least 8 characters/);
    expect(await users.authenticate('u', 'eight888')).toBeDefined();
    // characters, not bytes: eight Chinese characters are enough
    await users.update({ username: 'u', password: '八个汉字的密码啊' });
    // an initial admin password set by RNACOS_INIT_ADMIN_PASSWORD is new too; the default stays possible
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-users-'));
    const freshDb = openDatabase(fresh);
    try {
      const other = await UserService.create(new SqliteUserStore(freshDb), clock);
      await expect(other.ensureInitialAdmin('root', 'short')).rejects.toThrow(/at least 8 characters/);
      expect(await other.ensureInitialAdmin('root', 'admin')).toBe(true);
    } finally {
      freshDb.close();
      rmSync(fresh, { recursive: true, force: true });
    }
    // a user stored before the rule (or imported) keeps logging in with a short password
    const store = new SqliteUserStore(db);
    const old = {
      ...users.get('u')!,
      username: 'old',
      passwordHash: await hashPassword('pw'),
      namespacePrivilege: ALL_NAMESPACES,
    };
    await store.change(() => ({ save: old, result: undefined }));
    const reloaded = await UserService.create(store, clock);
    expect(await reloaded.authenticate('old', 'pw')).toBeDefined();
  });

  it('takes every spelling of a stored name for that user, and lets no other spelling of it act', async () => {
    await users.add({ username: 'Casey', password: 'casey-password', roles: ['1'] });
    await expect(users.add({ username: 'CASEY', password: 'casey-password', roles: ['0'] })).rejects.toThrow(
      /already exists/,
    );
    // what an older release may have left: two local spellings, the first one disabled by an admin
    const store = new SqliteUserStore(db);
    const stored = users.get('Casey')!;
    await store.change(() => ({ save: { ...stored, enabled: false }, result: undefined }));
    await store.change(() => ({ save: { ...stored, username: 'casey', createdAt: stored.createdAt + 1 }, result: 0 }));
    const reloaded = await UserService.create(store, clock);
    expect(await reloaded.authenticate('casey', 'casey-password')).toBeUndefined();
    expect(await reloaded.authenticate('Casey', 'casey-password')).toBeUndefined();
    await expect(
      reloaded.recordExternal({ username: 'casey', nickname: 'c', source: 'OAUTH2', newRoles: ['2'] }),
    ).rejects.toThrow(/does not come from OAUTH2/);
    // the admin removes the first one: the other is the user now
    expect(await reloaded.remove('Casey')).toBe(true);
    expect(await reloaded.authenticate('casey', 'casey-password')).toBeDefined();
  });
});

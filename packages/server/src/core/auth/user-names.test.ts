import { describe, expect, it } from 'vitest';
import { ALL_NAMESPACES, type User } from './user-model.js';
import { foldName, identityAmong, UserNames } from './user-names.js';

const user = (username: string, fields: Partial<User> = {}): User =>
  Object.assign(
    {
      username,
      nickname: username,
      passwordHash: '',
      enabled: true,
      roles: ['1'],
      extendInfo: {},
      namespacePrivilege: ALL_NAMESPACES,
      source: 'INNER' as const,
      createdAt: 1,
      modifiedAt: 1,
    },
    fields,
  );

describe('user names', () => {
  it('fold case and compatibility forms: every spelling a directory or provider matches is one name', () => {
    const same = [
      ['alice', 'ALICE', 'aLiCe', '\uff21\uff4c\uff49\uff43\uff45'],
      ['strasse', 'STRASSE', 'stra\u00dfe', 'STRA\u1e9eE'],
      ['file', '\ufb01le'],
      ['k.elvin', '\u212a.ELVIN'],
    ];
    for (const spellings of same) {
      expect(new Set(spellings.map(foldName)), spellings.join(' ')).toEqual(new Set([spellings[0]]));
    }
    expect(foldName('bob')).not.toBe(foldName('b0b'));
  });

  it('among stored spellings the local one counts, then a disabled one, then the first recorded', () => {
    const stored = [
      user('Alice', { source: 'LDAP', createdAt: 1 }),
      user('ALICE', { source: 'LDAP', createdAt: 3, enabled: false }),
      user('alice', { source: 'LDAP', createdAt: 2 }),
    ];
    expect(identityAmong(stored, 'aLiCe')?.username).toBe('ALICE');
    expect(identityAmong([stored[0], stored[2]], 'aLiCe')?.username).toBe('Alice');
    expect(identityAmong([...stored, user('alicE', { createdAt: 9 })], 'alice')?.username).toBe('alicE');
    expect(identityAmong(stored, 'bob')).toBeUndefined();
  });

  it('keeps the index in step: a spelling acts only while it is the one its name means', () => {
    const names = new UserNames();
    names.set(user('admin', { createdAt: 1 }));
    names.set(user('ADMIN', { source: 'OAUTH2', createdAt: 0 }));
    expect(names.identityOf('Admin')?.username).toBe('admin');
    expect(names.acting('admin')?.username).toBe('admin');
    expect(names.acting('ADMIN')).toBeUndefined();
    expect(names.acting('Admin')).toBeUndefined();
    expect(names.strays().map((s) => [s.stray.username, s.identity.username])).toEqual([['ADMIN', 'admin']]);
    names.delete('admin');
    expect(names.acting('ADMIN')?.username).toBe('ADMIN');
    expect(names.strays()).toEqual([]);
    expect(names.identityOf('x'.repeat(1000))).toBeUndefined();
  });
});

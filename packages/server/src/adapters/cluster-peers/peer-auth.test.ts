import { describe, expect, it } from 'vitest';
import { PEER_AUTH_WINDOW_MS, PeerAuth } from './peer-auth.js';

const PATH = '/nacos/v1/core/cluster/peer/listeners?ip=10.0.0.5';

describe('PeerAuth', () => {
  const auth = new PeerAuth('shared key');
  const now = 1_700_000_000_000;

  it('accepts a call signed with the shared key for the same method, path and query', () => {
    expect(auth.verify(auth.sign('GET', PATH, now), 'GET', PATH, now + 1_000)).toBe(true);
  });

  it('refuses another key, another path or query, another method, a stale or a malformed signature', () => {
    const signed = auth.sign('GET', PATH, now);
    expect(new PeerAuth('other key').verify(signed, 'GET', PATH, now)).toBe(false);
    expect(auth.verify(signed, 'GET', `${PATH}x`, now)).toBe(false);
    expect(auth.verify(signed, 'POST', PATH, now)).toBe(false);
    expect(auth.verify(signed, 'GET', PATH, now + PEER_AUTH_WINDOW_MS + 1)).toBe(false);
    expect(auth.verify(auth.sign('GET', PATH, now + PEER_AUTH_WINDOW_MS + 1), 'GET', PATH, now)).toBe(false);
    expect(auth.verify(undefined, 'GET', PATH, now)).toBe(false);
    expect(auth.verify([signed], 'GET', PATH, now)).toBe(false);
    expect(auth.verify(`${now}.short`, 'GET', PATH, now)).toBe(false);
    expect(auth.verify(signed.replace(/^\d+/, String(now + 1)), 'GET', PATH, now)).toBe(false);
  });
});

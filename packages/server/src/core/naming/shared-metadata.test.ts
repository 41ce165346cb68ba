import { describe, expect, it } from 'vitest';
import { EMPTY_METADATA, sharedMetadata } from './shared-metadata.js';

describe('sharedMetadata', () => {
  it('gives one frozen map per content, equal to what was given', () => {
    const a = sharedMetadata({ version: '1.0.0', zone: 'a' });
    const b = sharedMetadata({ version: '1.0.0', zone: 'a' });
    expect(a).toBe(b);
    expect(a).toEqual({ version: '1.0.0', zone: 'a' });
    expect(Object.isFrozen(a)).toBe(true);
    expect(sharedMetadata({ version: '1.0.1', zone: 'a' })).not.toBe(a);
  });

  it('leaves the given map alone', () => {
    const given = { version: '2.0.0' };
    sharedMetadata(given);
    given.version = '2.0.1';
    expect(sharedMetadata({ version: '2.0.0' })).toEqual({ version: '2.0.0' });
  });

  it('keeps a __proto__ key as an ordinary entry', () => {
    const given = JSON.parse('{"__proto__":"x","a":"1"}') as Record<string, string>;
    const shared = sharedMetadata(given);
    expect(Object.keys(shared)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
  });

  it('shares one empty map', () => {
    expect(sharedMetadata({})).toBe(EMPTY_METADATA);
  });
});

import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.js';

const ENV = 'RNACOS_NAMING_PERPETUAL_INSTANCE_PROBE_INTERVAL_SECOND';
const interval = (value?: string) => loadSettings(value === undefined ? {} : { [ENV]: value }).namingProbeIntervalMs;

describe('persistent instance probe interval', () => {
  it('is 60 s unless set, as in r-nacos', () => {
    expect(interval()).toBe(60_000);
    expect(interval('30')).toBe(30_000);
  });

  it('raises 1 to 4 s to 5 s, and turns probing off at 0 or below', () => {
    expect(interval('1')).toBe(5_000);
    expect(interval('4')).toBe(5_000);
    expect(interval('0')).toBe(0);
    expect(interval('-1')).toBe(0);
  });

  it('refuses what is not a whole number of seconds, naming the setting', () => {
    expect(() => interval('1.5')).toThrow(SettingsError);
    expect(() => interval('soon')).toThrow(`${ENV} must be a whole number of seconds, got "soon"`);
    expect(() => interval('86401')).toThrow(ENV);
  });
});

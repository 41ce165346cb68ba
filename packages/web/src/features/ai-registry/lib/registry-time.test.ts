import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { registryTime } from './registry-time.js';

describe('registry time', () => {
  it('shows the registry’s UTC second in local time, and nothing for never', () => {
    expect(registryTime('2026-03-01T10:20:30Z')).toBe(dayjs('2026-03-01T10:20:30Z').format('YYYY-MM-DD HH:mm:ss'));
    expect(registryTime('')).toBe('');
    expect(registryTime('not a date')).toBe('');
  });
});

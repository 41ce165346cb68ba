import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { LoginLimiter } from './login-limiter.js';

const MINUTE = 60_000;

describe('LoginLimiter', () => {
  it('allows a burst of perHour attempts, then one more per hour/perHour', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter(clock, 3);
    for (let i = 0; i < 3; i++) expect(limiter.tryAcquire('admin').allowed).toBe(true);
    const refused = limiter.tryAcquire('admin');
    expect(refused).toEqual({ allowed: false, retryInMs: 20 * MINUTE, lockStarted: true });
    clock.advance(5 * MINUTE);
    expect(limiter.tryAcquire('admin')).toEqual({ allowed: false, retryInMs: 15 * MINUTE, lockStarted: false });
    clock.advance(15 * MINUTE);
    expect(limiter.tryAcquire('admin').allowed).toBe(true);
    expect(limiter.tryAcquire('admin')).toMatchObject({ allowed: false, lockStarted: true });
    // other keys are not affected; a reset forgets the key
    expect(limiter.tryAcquire('other').allowed).toBe(true);
    limiter.reset('admin');
    expect(limiter.tryAcquire('admin').allowed).toBe(true);
  });

  it('takes a window other than the hour: a burst of perWindow, then one more every window/perWindow', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter(clock, 2, 100, MINUTE);
    expect(limiter.tryAcquire('app').allowed).toBe(true);
    expect(limiter.tryAcquire('app').allowed).toBe(true);
    expect(limiter.tryAcquire('app')).toEqual({ allowed: false, retryInMs: 30_000, lockStarted: true });
    clock.advance(30_000);
    expect(limiter.tryAcquire('app').allowed).toBe(true);
  });

  it('keeps at most maxBuckets keys, pushing out the least recently tried', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter(clock, 1, 3);
    expect(limiter.tryAcquire('a').allowed).toBe(true);
    expect(limiter.tryAcquire('b').allowed).toBe(true);
    expect(limiter.tryAcquire('c').allowed).toBe(true);
    expect(limiter.tryAcquire('a').allowed).toBe(false); // a is now the most recent
    for (let i = 0; i < 1000; i++) limiter.tryAcquire(`sprayed-${i}`);
    expect(limiter.size).toBe(3);
    expect(limiter.tryAcquire('a').allowed).toBe(true); // pushed out, so forgotten
  });

  it('drops a bucket once it would be full again', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter(clock, 4, 100);
    for (let i = 0; i < 50; i++) limiter.tryAcquire(`name-${i}`);
    limiter.tryAcquire('admin');
    limiter.tryAcquire('admin');
    expect(limiter.size).toBe(51);
    // one token back every 15 minutes: the single-attempt buckets are full after 15, admin's after 30
    clock.advance(15 * MINUTE + 1);
    for (let i = 0; i < 100; i++) limiter.tryAcquire('admin'); // purges expired buckets every 100 attempts
    expect(limiter.size).toBe(1);
  });
});

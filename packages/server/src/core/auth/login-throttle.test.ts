import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { LoginThrottle, type LoginAttempt } from './login-throttle.js';

function setup(maxBuckets?: number) {
  const warnings: string[] = [];
  const throttle = new LoginThrottle(new ManualClock(), 2, { warn: (line: string) => warnings.push(line) }, maxBuckets);
  const exhaust = (attempt: LoginAttempt) => {
    while (throttle.tryAcquire(attempt));
  };
  return { throttle, warnings, exhaust };
}

const sdk = (source: string): LoginAttempt => ({ door: 'sdk', username: 'admin', source, knownUser: true });
const consoleLogin: LoginAttempt = { door: 'console', username: 'admin', knownUser: true };
const passwordChange: LoginAttempt = { door: 'password-change', username: 'admin', knownUser: true };

describe('LoginThrottle', () => {
  it('counts SDK attempts per username and source, apart from the console and password changes', () => {
    const { throttle, exhaust } = setup();
    exhaust(sdk('10.0.0.1'));
    expect(throttle.tryAcquire(sdk('10.0.0.1'))).toBe(false);
    expect(throttle.tryAcquire(sdk('::ffff:10.0.0.1'))).toBe(false); // the same address, IPv4-mapped
    expect(throttle.tryAcquire(sdk('10.0.0.2'))).toBe(true);
    expect(throttle.tryAcquire(consoleLogin)).toBe(true);
    expect(throttle.tryAcquire(passwordChange)).toBe(true);

    exhaust(consoleLogin);
    expect(throttle.tryAcquire(consoleLogin)).toBe(false);
    expect(throttle.tryAcquire(sdk('10.0.0.3'))).toBe(true);
    expect(throttle.tryAcquire(passwordChange)).toBe(true);
  });

  it('gives the SDK door a rate of its own (RNACOS_API_LOGIN_ONE_MINUTE_LIMIT), still per username and source', () => {
    const clock = new ManualClock();
    const warnings: string[] = [];
    const throttle = new LoginThrottle(clock, 2, { warn: (line: string) => warnings.push(line) }, undefined, {
      sdk: { attempts: 3, windowMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) expect(throttle.tryAcquire(sdk('10.0.0.1'))).toBe(true);
    expect(throttle.tryAcquire(sdk('10.0.0.1'))).toBe(false);
    expect(warnings).toEqual([
      'SDK login of user "admin" from 10.0.0.1 refused after too many attempts without success; the next is allowed in 20 s',
    ]);
    // the hammering address locks only itself: the same user from elsewhere and the console go on
    expect(throttle.tryAcquire(sdk('10.0.0.2'))).toBe(true);
    expect(throttle.tryAcquire(consoleLogin)).toBe(true);
    expect(throttle.tryAcquire(consoleLogin)).toBe(true);
    expect(throttle.tryAcquire(consoleLogin)).toBe(false); // the console keeps its hourly limit
    clock.advance(20_000);
    expect(throttle.tryAcquire(sdk('10.0.0.1'))).toBe(true);
    expect(throttle.tryAcquire(sdk('10.0.0.1'))).toBe(false);
  });

  it('counts an IPv6 client by its /64', () => {
    const { throttle, exhaust } = setup();
    exhaust(sdk('2001:db8:1:2::1'));
    expect(throttle.tryAcquire(sdk('2001:db8:1:2:ffff::9'))).toBe(false);
    expect(throttle.tryAcquire(sdk('2001:db8:1:3::1'))).toBe(true);
  });

  it('logs the start of a lock once, with door, user, source and wait', () => {
    const { throttle, warnings, exhaust } = setup();
    exhaust(sdk('10.0.0.1'));
    throttle.tryAcquire(sdk('10.0.0.1'));
    exhaust(consoleLogin);
    expect(warnings).toEqual([
      'SDK login of user "admin" from 10.0.0.1 refused after too many attempts without success; the next is allowed in 1800 s',
      'console login of user "admin" refused after too many attempts without success; the next is allowed in 1800 s',
    ]);
  });

  it('keeps and logs an overlong made-up name shortened', () => {
    const { throttle, warnings, exhaust } = setup();
    const huge = (tail: string): LoginAttempt => ({
      door: 'console',
      username: 'x'.repeat(1_000_000) + tail,
      knownUser: false,
    });
    exhaust(huge('a'));
    expect(throttle.tryAcquire(huge('a'))).toBe(false);
    expect(throttle.tryAcquire(huge('b'))).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/^console login of user "x{128}…" refused/)]);
    expect(warnings[0].length).toBeLessThan(300);
  });

  it('keeps a real user locked while made-up names are sprayed', () => {
    const { throttle, exhaust } = setup(10);
    exhaust(consoleLogin);
    for (let i = 0; i < 1000; i++) throttle.tryAcquire({ door: 'console', username: `nobody-${i}`, knownUser: false });
    expect(throttle.tryAcquire(consoleLogin)).toBe(false);
  });
});

import type { LoginAttempt, LoginThrottle } from './login-throttle.js';

/** What a login counts against: a LoginThrottle, or one loaded with the first attempt. */
export interface LoginCounter {
  tryAcquire(attempt: LoginAttempt): boolean | Promise<boolean>;
  reset(attempt: LoginAttempt): void;
}

/**
 * A LoginThrottle built with the first login attempt: its code (lru-cache, ipaddr.js) costs a start
 * nothing, and most starts see no login before clients need the server.
 */
export class LazyLoginThrottle implements LoginCounter {
  private throttle: LoginThrottle | undefined;
  private loading: Promise<LoginThrottle> | undefined;

  constructor(private readonly args: ConstructorParameters<typeof LoginThrottle>) {}

  async tryAcquire(attempt: LoginAttempt): Promise<boolean> {
    this.loading ??= import('./login-throttle.js').then((m) => (this.throttle = new m.LoginThrottle(...this.args)));
    return (await this.loading).tryAcquire(attempt);
  }

  /** Before any attempt there is no count to reset. */
  reset(attempt: LoginAttempt): void {
    this.throttle?.reset(attempt);
  }
}

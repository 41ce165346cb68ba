import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { DEFAULT_MAX_BUCKETS, HOUR_MS, LoginLimiter } from './login-limiter.js';
import { loginSourceOf } from './login-source.js';
import { foldName } from './user-names.js';

/** Where a password is being tried. */
export type LoginDoor = 'console' | 'sdk' | 'password-change';

export interface LoginAttempt {
  door: LoginDoor;
  username: string;
  /** The client's address; SDK attempts are counted per username and source. */
  source?: string;
  /** Whether such a user exists: unknown names get buckets of their own (see below). */
  knownUser: boolean;
}

/** A door's own rate: `attempts` in a burst, one back every `windowMs`/`attempts`. */
export interface LoginRate {
  attempts: number;
  windowMs: number;
}

/** Longer names (no user has one) are kept and logged shortened, so a bucket stays small. */
const MAX_NAME = 128;

const DOOR_TEXT: Record<LoginDoor, string> = {
  console: 'console login',
  sdk: 'SDK login',
  'password-change': 'password change',
};

/**
 * Password attempts, counted apart per door so that no door can lock another:
 * - console logins per username (the console's documented limit);
 * - SDK logins and credentials on SDK requests per username and source address, so one misconfigured or
 *   hostile client locks only itself;
 * - password changes (which check the old password) per username.
 * Names of users that do not exist are counted in limiters of their own: spraying made-up names fills only
 * those and cannot push a real user's lock out of memory. The first refusal of each lock is logged.
 * Every door allows `perHour` attempts an hour unless `rates` gives it a rate of its own (the SDK door's
 * `RNACOS_API_LOGIN_ONE_MINUTE_LIMIT`); a rate changes how many, never what is counted together.
 */
export class LoginThrottle {
  private readonly limiters = new Map<string, LoginLimiter>();

  constructor(
    private readonly clock: Clock,
    readonly perHour: number,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly maxBuckets = DEFAULT_MAX_BUCKETS,
    private readonly rates: Partial<Record<LoginDoor, LoginRate>> = {},
  ) {}

  /** Takes one attempt; false (after logging the start of a lock) when none is left. */
  tryAcquire(attempt: LoginAttempt): boolean {
    const result = this.limiterOf(attempt).tryAcquire(keyOf(attempt));
    if (result.allowed) return true;
    if (result.lockStarted) {
      const from = attempt.door === 'sdk' ? ` from ${loginSourceOf(attempt.source) || 'an unknown address'}` : '';
      this.logger.warn(
        `${DOOR_TEXT[attempt.door]} of user ${JSON.stringify(shortened(attempt.username))}${from} refused after too many ` +
          `attempts without success; the next is allowed in ${Math.ceil(result.retryInMs / 1000)} s`,
      );
    }
    return false;
  }

  /** After a success: the count starts afresh. */
  reset(attempt: LoginAttempt): void {
    this.limiterOf(attempt).reset(keyOf(attempt));
  }

  private limiterOf(attempt: LoginAttempt): LoginLimiter {
    const name = `${attempt.door}/${attempt.knownUser ? 'user' : 'unknown'}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const rate = this.rates[attempt.door] ?? { attempts: this.perHour, windowMs: HOUR_MS };
      limiter = new LoginLimiter(this.clock, rate.attempts, this.maxBuckets, rate.windowMs);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/**
 * By the name as compared (`foldName`): typing it in other letters earns no more attempts. Names far longer
 * than any user's are not folded (no work per byte sent), only hashed.
 */
function keyOf(attempt: LoginAttempt): string {
  const raw = attempt.username;
  const folded = raw.length > 4 * MAX_NAME ? raw : foldName(raw);
  const name = folded.length > MAX_NAME ? createHash('sha256').update(folded).digest('hex') : folded;
  return attempt.door === 'sdk' ? `${name}\n${loginSourceOf(attempt.source)}` : name;
}

function shortened(username: string): string {
  return username.length > MAX_NAME ? `${username.slice(0, MAX_NAME)}…` : username;
}

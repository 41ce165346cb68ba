import type { Logger } from '../../shared/logger.js';
import { DEFAULT_PASSWORD } from './password.js';
import type { UserService } from './user-service.js';

/**
 * Knows whether the first admin (RNACOS_INIT_ADMIN_USERNAME) still has the well-known default password, so
 * the log and the console can say so. A bcrypt comparison costs tens of ms: it runs once off the start-up
 * path and again only when that user changes; readers get the last answer.
 */
export class DefaultPasswordWatch {
  private isDefault = false;

  constructor(
    private readonly users: UserService,
    readonly username: string,
    private readonly logger: Logger,
  ) {
    users.onChange((name) => {
      if (name === username) void this.check(false);
    });
  }

  /** The admin whose password is still the default, or null. */
  get defaultPasswordUser(): string | null {
    return this.isDefault ? this.username : null;
  }

  /** Marks the admin as just created with `password` (no comparison needed). */
  created(password: string): void {
    this.isDefault = password === DEFAULT_PASSWORD;
    if (this.isDefault) this.warn();
  }

  /** Compares the stored hash after `delayMs`, logging a warning if it is still the default. */
  checkLater(delayMs: number): void {
    setTimeout(() => void this.check(true), delayMs).unref();
  }

  private async check(warn: boolean): Promise<void> {
    try {
      this.isDefault = await this.users.hasPassword(this.username, DEFAULT_PASSWORD);
      if (this.isDefault && warn) this.warn();
    } catch {
      // the next change of the user checks again
    }
  }

  private warn(): void {
    this.logger.warn(
      `the console user ${this.username} still has the default password "${DEFAULT_PASSWORD}": change it in the console`,
    );
  }
}

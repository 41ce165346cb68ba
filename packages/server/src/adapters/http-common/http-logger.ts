import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import type { Logger } from '../../shared/logger.js';

/**
 * The logger of one listener. Fastify logs every request at info; those lines are noise for a registry
 * serving heartbeats, so a listener logs from warn upward (or less, if the process is quieter).
 */
export function httpLogger(logger: Logger, listener: string): FastifyBaseLogger {
  const quiet = logger.levelVal >= 40 ? logger.level : 'warn';
  return logger.child({ listener }, { level: quiet });
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify makes a child logger (with the request id) for every request: 1.5 % of the core in a profile of
 * publishing, for lines that are almost never written. This child is made only when the request logs
 * something the listener writes.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return options.level === undefined
    ? new LazyChildLogger(logger as Logger, bindings, options)
    : logger.child(bindings, options);
}

class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return this.made ? (this.made as Logger).isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.real();
    const log: (...parts: unknown[]) => void = logger[level];
    log.apply(logger, args);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}

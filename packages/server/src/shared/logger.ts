import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One pino JSON line as `2026-01-02T03:04:05.678Z INFO message key=value ...` (fields as JSON values). */
export function textLine(json: string): string {
  const { level, time, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const when = typeof time === 'number' ? new Date(time).toISOString() : String(time);
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return (
    [
      when,
      LEVEL_NAMES[level as number] ?? String(level),
      typeof msg === 'string' ? msg : JSON.stringify(msg ?? ''),
      ...rest,
    ].join(' ') + '\n'
  );
}

/** Writes each line as text to `out`, synchronously like pino's own stdout destination. */
function textDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => out.write(textLine(line)) };
}

/** JSON lines (pino: `level`, `time` in epoch ms, `msg`, fields) or the same as text, on stdout. */
export function createLogger(
  level: LogLevel,
  format: LogFormat = 'json',
  out: NodeJS.WritableStream = process.stdout,
): Logger {
  if (format === 'text') return pino({ level, base: undefined }, textDestination(out));
  return pino({ level, base: undefined });
}

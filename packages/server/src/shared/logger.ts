import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Longest text a line keeps of one field: a URL, a username, a dataId, a user agent, an error's message.
 * Longer ones end in `…(+N chars)`.
 */
export const LOG_FIELD_MAX = 512;
/** Of the message, a sentence of the server's own that may quote such a field. */
export const LOG_MESSAGE_MAX = 2048;
/** Of a stack trace: its frames, after its message was cut as any field is. */
export const LOG_STACK_MAX = 8192;
/** Of the whole line: past it, the fields that do not fit are left out and counted. */
export const LOG_LINE_MAX = 16_384;

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Line breaks, terminal escapes (C0, DEL, C1) and the Unicode line separators. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** The part of them JSON.stringify leaves as they are. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escapeChar = (c: string) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON text as written to the log: what JSON.stringify leaves raw and a terminal would act on, escaped. */
const jsonOf = (value: unknown) => JSON.stringify(value).replace(RAW_IN_JSON, escapeChar);

/** `text` cut to `max` characters (never inside a surrogate pair) with a marker saying how much went. */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…(+${text.length - end} chars)`;
}

/**
 * One pino JSON line with every string bounded (`LOG_FIELD_MAX`, the message `LOG_MESSAGE_MAX`, stacks
 * `LOG_STACK_MAX`, keys too), the whole line within `LOG_LINE_MAX`, and the characters JSON leaves raw that
 * a terminal would act on escaped. Pino's `streamWrite` hook, so it runs only for lines that are written:
 * a line no longer than one field, the common case, is only scanned.
 */
export function boundLine(json: string): string {
  if (json.length <= LOG_FIELD_MAX) return json.replace(RAW_IN_JSON, escapeChar);
  try {
    const entry = boundValue(JSON.parse(json), '') as Record<string, unknown>;
    const line = jsonOf(entry);
    return (line.length > LOG_LINE_MAX ? jsonOf(withinLine(entry)) : line) + '\n';
  } catch {
    // pino writes valid JSON; should a line still not come apart, say so rather than write it
    const level = /^\{"level":(\d+)/.exec(json)?.[1];
    return (
      JSON.stringify({
        level: Number(level ?? 50),
        time: Date.now(),
        msg: `a log line of ${json.length} chars could not be bounded`,
      }) + '\n'
    );
  }
}

function boundValue(value: unknown, key: string): unknown {
  if (typeof value === 'string') {
    return boundText(value, key === 'msg' ? LOG_MESSAGE_MAX : key === 'stack' ? LOG_STACK_MAX : LOG_FIELD_MAX);
  }
  if (Array.isArray(value)) return value.map((item) => boundValue(item, ''));
  if (value === null || typeof value !== 'object') return value;
  const fields = value as Record<string, unknown>;
  const bounded: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const stackOf = name === 'stack' && typeof field === 'string' && typeof fields.message === 'string';
    bounded[boundText(name, LOG_FIELD_MAX)] = stackOf
      ? boundStack(field, fields.message as string)
      : boundValue(field, name);
  }
  return bounded;
}

/** A stack opens with its error's message, which may quote input: cut there as the message is, frames kept. */
function boundStack(stack: string, message: string): string {
  const cut = message.length > LOG_FIELD_MAX && stack.includes(message);
  const short = cut ? stack.replace(message, () => boundText(message, LOG_FIELD_MAX)) : stack;
  return boundText(short, LOG_STACK_MAX);
}

/** The fields that fit in a line, in order (level, time and message come first), and a count of the rest. */
function withinLine(entry: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  let room = LOG_LINE_MAX - 100; // the braces and the note below
  let left = 0;
  let leftChars = 0;
  for (const [name, value] of Object.entries(entry)) {
    const size = jsonOf(name).length + jsonOf(value).length + 2;
    if (size <= room) {
      kept[name] = value;
      room -= size;
    } else {
      left++;
      leftChars += size;
    }
  }
  kept.truncated = `${left} field${left === 1 ? '' : 's'} left out (+${leftChars} chars)`;
  return kept;
}

/**
 * One pino JSON line as `2026-01-02T03:04:05.678Z INFO message key=value ...` (fields as JSON values). Line
 * breaks and terminal escapes in the message, the keys and the values are written escaped, so text from a
 * request cannot start a line of its own or move the cursor.
 */
export function textLine(json: string): string {
  const { level, time, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const when = typeof time === 'number' ? new Date(time).toISOString() : String(time);
  const rest = Object.entries(fields).map(
    ([key, value]) => `${/^[\w.-]+$/.test(key) ? key : jsonOf(key)}=${jsonOf(value)}`,
  );
  const line = [
    when,
    LEVEL_NAMES[level as number] ?? String(level),
    (typeof msg === 'string' ? msg : JSON.stringify(msg ?? '')).replace(CONTROLS, escapeChar),
    ...rest,
  ].join(' ');
  // escapes make a line longer than its JSON was: the text line is held to the same bound
  return boundText(line, LOG_LINE_MAX) + '\n';
}

/** Writes each line as text to `out`, synchronously like pino's own stdout destination. */
function textDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => out.write(textLine(line)) };
}

/**
 * JSON lines (pino: `level`, `time` in epoch ms, `msg`, fields) or the same as text, on stdout (or `out`).
 * Every line is bounded on its way out (`boundLine`), whoever wrote it: the server's own lines, fastify's.
 */
export function createLogger(level: LogLevel, format: LogFormat = 'json', out?: NodeJS.WritableStream): Logger {
  const options = { level, base: undefined, hooks: { streamWrite: boundLine } };
  if (format === 'text') return pino(options, textDestination(out ?? process.stdout));
  return out ? pino(options, out) : pino(options);
}

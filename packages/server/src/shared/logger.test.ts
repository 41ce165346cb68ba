import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, LOG_FIELD_MAX, LOG_LINE_MAX, LOG_MESSAGE_MAX } from './logger.js';

function capture(format: 'json' | 'text') {
  const out = new PassThrough();
  let written = '';
  out.on('data', (d: Buffer) => (written += d.toString()));
  return { logger: createLogger('info', format, out), written: () => written };
}

/** The characters of `line` a terminal would act on, besides its final line break. */
const unsafeIn = (line: string) => [...line.slice(0, -1)].filter((c) => /[\p{Cc}\u2028\u2029]/u.test(c));

/** What a cut string reads like. */
const cut = (text: string, max = LOG_FIELD_MAX) => `${text.slice(0, max)}…(+${text.length - max} chars)`;

describe('createLogger', () => {
  it('writes text lines with an ISO time, the level name, the message and the fields', () => {
    const { logger, written } = capture('text');
    logger.warn({ port: 8848, host: 'a b' }, 'listening');
    expect(written()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARN listening port=8848 host="a b"\n$/);
  });

  it('writes a short line as pino made it', () => {
    const { logger, written } = capture('json');
    logger.info({ door: 'http', code: 400 }, 'refused');
    expect(written()).toMatch(/^\{"level":30,"time":\d+,"door":"http","code":400,"msg":"refused"\}\n$/);
  });
});

describe('log lines bounded', () => {
  it('cuts every string a request brings, at any depth, and says how much went', () => {
    const { logger, written } = capture('json');
    const url = '/x'.repeat(150_000);
    logger.info(
      {
        type: `GET ${url}`,
        user: 'u'.repeat(600),
        client: '10.0.0.1',
        detail: { dataId: 'd'.repeat(1000), list: ['a'.repeat(700), 'ok'] },
        ['k'.repeat(600)]: 1,
      },
      `refused a request: GET ${url}`,
    );
    const line = written();
    expect(line.length).toBeLessThan(LOG_LINE_MAX);
    expect(line.endsWith('}\n')).toBe(true);
    const entry = JSON.parse(line);
    expect(entry.type).toBe(cut(`GET ${url}`));
    expect(entry.user).toBe(cut('u'.repeat(600)));
    expect(entry.client).toBe('10.0.0.1');
    expect(entry.detail).toEqual({ dataId: cut('d'.repeat(1000)), list: [cut('a'.repeat(700)), 'ok'] });
    expect(entry[cut('k'.repeat(600))]).toBe(1);
    expect(entry.msg).toBe(cut(`refused a request: GET ${url}`, LOG_MESSAGE_MAX));
    expect(entry.level).toBe(30);
  });

  it("keeps an error's frames when its message quotes a long input", () => {
    const { logger, written } = capture('json');
    const err = new Error(`no such dataId ${'x'.repeat(100_000)}`);
    logger.error({ err }, 'request failed');
    const entry = JSON.parse(written());
    expect(entry.err.message).toBe(cut(err.message));
    expect(entry.err.stack.startsWith(`Error: ${cut(err.message)}\n    at `)).toBe(true);
    expect(entry.err.stack).toContain('logger.test.ts');
  });

  it('bounds the whole line: level, time and message stay, the fields that do not fit are counted', () => {
    const { logger, written } = capture('json');
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'v'.repeat(500)]));
    logger.warn(fields, 'many fields');
    const line = written();
    expect(line.length).toBeLessThanOrEqual(LOG_LINE_MAX + 1);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({ level: 40, msg: 'many fields', f0: 'v'.repeat(500) });
    expect(typeof entry.time).toBe('number');
    const kept = Object.keys(entry).filter((k) => k.startsWith('f')).length;
    expect(kept).toBeGreaterThan(10);
    expect(entry.truncated).toMatch(new RegExp(`^${100 - kept} fields left out \\(\\+\\d+ chars\\)$`));
  });

  it('holds lines full of escaped characters to the bound too, in both formats', () => {
    const escaped = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, '\u009b'.repeat(500)]));
    for (const format of ['json', 'text'] as const) {
      const { logger, written } = capture(format);
      logger.warn(escaped, '\u001b'.repeat(3000));
      const line = written();
      expect(line.length, format).toBeLessThanOrEqual(LOG_LINE_MAX + 30);
      expect(line.indexOf('\n')).toBe(line.length - 1);
      expect(unsafeIn(line)).toEqual([]);
      if (format === 'json') expect(JSON.parse(line).truncated).toMatch(/fields left out/);
    }
  });

  it('never lets input start a text line of its own or reach the terminal', () => {
    const { logger, written } = capture('text');
    const forged = '2026-01-01T00:00:00.000Z INFO forged';
    logger.warn(
      { user: `a\n${forged}`, agent: '\u001b[2J\u009b31m\u2028x', [`k\r\n${forged}`]: 1 },
      `login of "x\r\n${forged}\u001b[0m\u0085"`,
    );
    const line = written();
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(unsafeIn(line)).toEqual([]);
    expect(line).toContain('login of "x\\r\\n2026-01-01T00:00:00.000Z INFO forged\\u001b[0m\\u0085"');
    expect(line).toContain('agent="\\u001b[2J\\u009b31m\\u2028x"');
  });

  it('writes JSON lines with the characters JSON leaves raw escaped, and the same values', () => {
    const { logger, written } = capture('json');
    const agent = 'a\r\nb\u001b[31m\u009b\u0085\u2028\u2029c';
    logger.info({ agent }, `m\n${agent}`);
    const line = written();
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(unsafeIn(line)).toEqual([]);
    expect(JSON.parse(line)).toMatchObject({ agent, msg: `m\n${agent}` });
  });
});

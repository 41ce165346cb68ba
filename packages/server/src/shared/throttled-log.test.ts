import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { ThrottledWarning } from './throttled-log.js';

function capture() {
  const lines: Array<{ msg: string; count: number; key?: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string; count: number });
      done();
    },
  });
  return { lines, logger: pino({ level: 'warn' }, sink) };
}

describe('ThrottledWarning', () => {
  it('tells the first occurrence at once, then one line per interval with the count', () => {
    const { lines, logger } = capture();
    const clock = new ManualClock();
    const warning = new ThrottledWarning(logger, clock, 'bad input', 60_000);
    for (let i = 0; i < 100; i++) warning.note('a', { key: 'a' });
    expect(lines.map((l) => l.count)).toEqual([1]);
    clock.advance(60_000);
    warning.note('a', { key: 'a' });
    expect(lines.map((l) => l.count)).toEqual([1, 100]);
    // another key has its own interval
    warning.note('b', { key: 'b' });
    expect(lines.at(-1)).toMatchObject({ key: 'b', count: 1 });
  });

  it('tells what is left untold when the key is forgotten', () => {
    const { lines, logger } = capture();
    const warning = new ThrottledWarning(logger, new ManualClock(), 'bad input');
    warning.note('a', {});
    warning.forget('a');
    for (let i = 0; i < 5; i++) warning.note('b', {});
    warning.forget('b');
    expect(lines.map((l) => l.count)).toEqual([1, 1, 4]);
  });
});

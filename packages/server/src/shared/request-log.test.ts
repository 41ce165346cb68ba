import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.js';

interface Line {
  level: number;
  msg: string;
  code?: number;
}

function logAt(level: 'debug' | 'info', protocol: 'http' | 'grpc') {
  const lines: Line[] = [];
  const logger = pino({ level, base: undefined }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const log = new RequestLog(logger, protocol);
  const answer = (code: number, type = 'GET /x') =>
    log.record({ door: protocol, type, client: '10.0.0.1', code, ms: 1 });
  return { lines, log, answer };
}

const refusals = (lines: Line[]) => lines.filter((l) => l.msg.startsWith('refused a request')).map((l) => l.code);

describe('RequestLog', () => {
  it('on HTTP, tells bad input and missing rights once at info; a redirect is a normal answer', () => {
    const { lines, log, answer } = logAt('info', 'http');
    expect(log.wants(302)).toBe(false);
    for (const code of [200, 302, 302, 400, 400, 401, 403, 404, 500]) answer(code);
    expect(refusals(lines)).toEqual([400, 401, 403]);
    expect(lines).toHaveLength(3);
  });

  it('on HTTP at debug, logs a redirect as a request, not a refusal', () => {
    const { lines, answer } = logAt('debug', 'http');
    answer(302);
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'request', code: 302 })]);
  });

  it('on gRPC, an unknown request type (errorCode 302) is a refusal', () => {
    const { lines, log, answer } = logAt('info', 'grpc');
    expect(log.wants(302)).toBe(true);
    answer(0, 'ConfigQueryRequest');
    answer(302, 'NoSuchRequest');
    answer(302, 'NoSuchRequest');
    expect(refusals(lines)).toEqual([302]);
  });
});

import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { httpLogger, lazyChildLogger } from './http-logger.js';

function appLoggingTo(lines: Array<Record<string, unknown>>, level: 'warn' | 'info') {
  const root = pino({ level, base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: httpLogger(root, 'sdk-http'), childLoggerFactory: lazyChildLogger });
  app.get('/work', async (req) => {
    req.log.info('routine detail');
    req.log.error({ code: 7 }, 'something broke');
    return 'done';
  });
  return app;
}

describe('request loggers', () => {
  it('write what a request logs at the listener level with its request id, and nothing below it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = appLoggingTo(lines, 'warn');
    const first = await app.inject({ method: 'GET', url: '/work' });
    const second = await app.inject({ method: 'GET', url: '/work' });
    expect([first.body, second.body]).toEqual(['done', 'done']);
    // no "incoming request" / "request completed" lines and no info line: the listener writes warn upward
    expect(lines.map((l) => l.msg)).toEqual(['something broke', 'something broke']);
    expect(lines[0]).toMatchObject({ listener: 'sdk-http', code: 7, level: 50 });
    expect(lines[0].reqId).toBeTruthy();
    expect(lines[1].reqId).not.toBe(lines[0].reqId);
    await app.close();
  });

  it('follow a quieter process down to its own level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const root = pino(
      { level: 'error', base: undefined },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const app = Fastify({ loggerInstance: httpLogger(root, 'console'), childLoggerFactory: lazyChildLogger });
    app.get('/work', async (req) => {
      req.log.warn('a warning');
      req.log.error('an error');
      return 'done';
    });
    await app.inject({ method: 'GET', url: '/work' });
    expect(lines.map((l) => l.msg)).toEqual(['an error']);
    expect(lines[0]).toMatchObject({ listener: 'console' });
    await app.close();
  });
});

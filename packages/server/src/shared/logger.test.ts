import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture(format: 'json' | 'text') {
  const out = new PassThrough();
  let written = '';
  out.on('data', (d: Buffer) => (written += d.toString()));
  return { logger: createLogger('info', format, out), written: () => written };
}

describe('createLogger', () => {
  it('writes text lines with an ISO time, the level name, the message and the fields', () => {
    const { logger, written } = capture('text');
    logger.warn({ port: 8848, host: 'a b' }, 'listening');
    expect(written()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARN listening port=8848 host="a b"\n$/);
  });
});

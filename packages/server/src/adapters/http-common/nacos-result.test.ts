import { describe, expect, it } from 'vitest';
import { invalid, NacosError, notFound } from '../../shared/errors.js';
import { UntrustedInputError } from '../../shared/untrusted/untrusted-error.js';
import { ok, parameterMissing, resultErrorOf } from './nacos-result.js';

describe('nacos Result envelope', () => {
  it('answers success as code 0', () => {
    expect(ok([1])).toEqual({ code: 0, message: 'success', data: [1] });
  });

  it("puts nacos's label in message and the detail in data, with the status of the kind", () => {
    expect(resultErrorOf(parameterMissing('dataId'))).toEqual({
      status: 400,
      body: {
        code: 10000,
        message: 'parameter missing',
        data: "Required parameter 'dataId' type String is not present",
      },
    });
    expect(resultErrorOf(invalid('bad'))).toMatchObject({ status: 400, body: { code: 20002, data: 'bad' } });
    expect(resultErrorOf(notFound('gone'))).toMatchObject({ status: 404, body: { code: 20004 } });
    expect(resultErrorOf(new NacosError('unavailable', 'db down'))).toMatchObject({
      status: 503,
      body: { code: 30000 },
    });
  });

  it('answers refused uploads and fastify client errors by their status; a server fault is left to the 500', () => {
    expect(resultErrorOf(new UntrustedInputError('invalid', 'not a zip'))).toMatchObject({
      status: 400,
      body: { code: 100004 },
    });
    expect(resultErrorOf(new UntrustedInputError('limit', 'too big'))).toMatchObject({ status: 413 });
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(resultErrorOf(tooLarge)).toMatchObject({ status: 413, body: { code: 20002 } });
    expect(resultErrorOf(new Error('boom'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { assertUtf8Query, parseUtf8Form, parseUtf8Query } from './utf8-params.js';

describe('UTF-8 parameters', () => {
  it('decodes escapes, plus signs and plain text, keeping malformed escapes as text', () => {
    const form = parseUtf8Form(Buffer.from('content=%E4%BD%A0%E5%A5%BD+x&a=%zz&a=second&empty=&bare'));
    expect(form).toEqual({ content: '你好 x', a: '%zz', empty: '', bare: '' });
    expect(parseUtf8Form(Buffer.from('content=你好', 'utf8'))).toEqual({ content: '你好' });
  });

  it('refuses a form value or name whose bytes are not UTF-8, escaped or raw', () => {
    expect(() => parseUtf8Form(Buffer.from('dataId=d&content=%FF'))).toThrow('parameter content is not valid UTF-8');
    expect(() => parseUtf8Form(Buffer.from('content=%C3'))).toThrow('not valid UTF-8');
    expect(() => parseUtf8Form(Buffer.concat([Buffer.from('content='), Buffer.from([0xc0, 0xaf])]))).toThrow(
      'not valid UTF-8',
    );
    expect(() => parseUtf8Form(Buffer.from('%FE=x'))).toThrow('not valid UTF-8');
  });

  it('parses queries as fastify does (arrays for repeats) and remembers what was not UTF-8', () => {
    const query = parseUtf8Query('a=1&a=2&b=%E4%BD%A0');
    expect({ ...query }).toEqual({ a: ['1', '2'], b: '你' });
    expect(() => assertUtf8Query(query)).not.toThrow();
    const bad = parseUtf8Query('dataId=d&content=%ED%A0%80');
    expect(bad.content).toBeUndefined();
    expect(() => assertUtf8Query(bad)).toThrow('parameter content is not valid UTF-8');
  });
});

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

  it('keeps __proto__ and constructor as plain names', () => {
    const query = parseUtf8Query('__proto__=x&constructor=y&toString=z');
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(query.constructor).toBe('y');
    expect('hasOwnProperty' in query).toBe(false);
  });

  it('decodes ASCII parts with escapes as the byte by byte way does', () => {
    const query = parseUtf8Query('s=DEFAULT_GROUP%40%40svc&m=%7B%22a%22%3A%221%22%7D&p=a+b%2Bc&bad=50%&x=%4&k%3D=v');
    expect({ ...query }).toEqual({
      s: 'DEFAULT_GROUP@@svc',
      m: '{"a":"1"}',
      p: 'a b+c',
      bad: '50%',
      x: '%4',
      'k=': 'v',
    });
    expect(parseUtf8Query('v=%E4%BD%A0%zz').v).toBe('你%zz');
    expect(() => assertUtf8Query(parseUtf8Query('v=%C3%28'))).toThrow('parameter v is not valid UTF-8');
    expect(() => assertUtf8Query(parseUtf8Query('%FF%zz=1'))).toThrow('not valid UTF-8');
  });
});

import { describe, expect, it } from 'vitest';
import { validateContent } from './validate-content.js';

describe('validateContent', () => {
  it.each([
    ['json', '{"a": [1, 2], "b": {"c": null}}'],
    ['yaml', 'server:\n  port: 8080\nlist:\n  - a\n  - b\n---\nsecond: doc\n'],
    ['xml', '<?xml version="1.0"?><config><item key="a">1</item></config>'],
    ['toml', '[server]\nport = 8080\nname = "a"\n'],
    ['properties', 'a=1\nb : 2\n# comment \\uZZ\nc=\\u00e9\nd\\=e=f\n'],
    ['text', '{ not json'],
    ['html', '<div><p>unclosed'],
  ] as const)('accepts valid %s', async (type, content) => {
    expect(await validateContent(type, content)).toEqual({ ok: true });
  });

  it.each([
    ['json', '{"a": 1,}'],
    ['yaml', 'a: [1, 2\nb: 3'],
    ['xml', '<config><item></config>'],
    ['toml', '[server\nport = 8080'],
    ['properties', 'a=\\u12G4'],
  ] as const)('rejects invalid %s with a message', async (type, content) => {
    const result = await validateContent(type, content);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.message.length).toBeGreaterThan(0);
  });

  it('says where a properties escape is malformed', async () => {
    expect(await validateContent('properties', 'ok=1\nbad=x\\u00')).toEqual({
      ok: false,
      message: 'Malformed \\uxxxx encoding at line 2, column 6',
    });
  });
});

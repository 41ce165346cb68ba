import { describe, expect, it } from 'vitest';
import { endpointUrl, sampleArguments } from './sample-arguments.js';

describe('sample arguments', () => {
  it('fills each property with its default, example, first enum value or an empty value of its type', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        city: { type: 'string' as const },
        days: { type: 'integer' as const, default: 3 },
        unit: { type: 'string' as const, enum: ['C', 'F'] },
        tags: { type: 'array' as const },
        where: { type: 'object' as const, properties: { lat: { type: 'number' as const, examples: [1.5] } } },
      },
    };
    expect(sampleArguments(schema)).toEqual({ city: '', days: 3, unit: 'C', tags: [], where: { lat: 1.5 } });
    expect(sampleArguments(undefined)).toEqual({});
  });

  it('endpoint URLs put the keys in the path pattern, on the console host', () => {
    const loc = { protocol: 'http:', hostname: 'console.local' };
    expect(endpointUrl('/rnacos/mcp/{uniqueKey}/{authKey}', 8848, 'srv', 'k/1', loc)).toBe(
      'http://console.local:8848/rnacos/mcp/srv/k%2F1',
    );
    expect(endpointUrl('/rnacos/mcp/sse/{uniqueKey}/{authKey}', 8848, 'srv', null, loc)).toBe(
      'http://console.local:8848/rnacos/mcp/sse/srv/{authKey}',
    );
  });
});

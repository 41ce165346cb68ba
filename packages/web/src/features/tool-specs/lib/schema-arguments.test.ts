import { describe, expect, it } from 'vitest';
import { schemaArguments } from './schema-arguments.js';

describe('schema arguments', () => {
  it('lists the properties, required first, with their types', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        days: { type: 'integer' as const },
        city: { type: 'string' as const, description: 'City' },
        tags: { type: 'array' as const, items: { type: 'string' as const } },
      },
      required: ['city'],
    };
    expect(schemaArguments(schema)).toEqual([
      { name: 'city', type: 'string', required: true, description: 'City' },
      { name: 'days', type: 'integer', required: false, description: '' },
      { name: 'tags', type: 'string[]', required: false, description: '' },
    ]);
  });
});

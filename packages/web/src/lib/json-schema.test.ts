import { describe, expect, it } from 'vitest';
import { inputSchemaProblems, parseJson, valueProblems } from './json-schema.js';

describe('tool input schemas', () => {
  it('accepts an object schema, with keywords of other vocabularies', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], 'x-ui': 1 };
    expect(inputSchemaProblems(schema)).toEqual([]);
  });

  it('refuses a schema that is not an object schema, or not a JSON Schema', () => {
    expect(inputSchemaProblems({ type: 'string' })).toMatchObject([{ pointer: '/type', message: 'must be "object"' }]);
    expect(inputSchemaProblems([])).toMatchObject([{ pointer: '', message: 'must be an object' }]);
    const [problem] = inputSchemaProblems({ type: 'object', properties: { n: { type: 'num' } } });
    expect(problem.pointer).toBe('/properties/n/type');
  });

  it('finds where arguments break a schema, naming a missing property', () => {
    const schema = { type: 'object', properties: { days: { type: 'integer' } }, required: ['city'] };
    expect(valueProblems(schema, { city: 'x', days: 2 })).toEqual([]);
    expect(valueProblems(schema, { days: 'two' })).toMatchObject([
      { pointer: '', message: "must have required property 'city' (city)" },
      { pointer: '/days', message: 'must be integer' },
    ]);
  });

  it('a syntax error is a problem at the top', () => {
    expect(parseJson('{"a":').problems).toHaveLength(1);
    expect(parseJson('{"a":1}')).toEqual({ value: { a: 1 }, problems: [] });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { setupI18n } from '../testing/render.js';
import { problemText, syntaxErrorText } from './json-problem-text.js';
import { inputSchemaProblems, parseJson, valueProblems } from './json-schema.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 2 }, days: { type: 'integer', maximum: 7 } },
  required: ['city'],
  additionalProperties: false,
};

describe('JSON problems in the console language', () => {
  beforeEach(() => setupI18n('en'));

  it('says schema and argument problems in English as the checker does', () => {
    expect(inputSchemaProblems({ type: 'string' }).map(problemText)).toEqual(['/type must be "object"']);
    expect(valueProblems(schema, { days: 'two', x: 1 }).map(problemText)).toEqual([
      "must have required property 'city'",
      "must NOT have additional properties ('x')",
      '/days must be integer',
    ]);
    expect(parseJson('{\n  "city" 1}').problems.map(problemText)).toEqual(['is not valid JSON (line 2, column 10)']);
    expect(parseJson('{"city": }').problems.map(problemText)).toEqual(['is not valid JSON']);
  });

  it('says them in Chinese, with no English left', () => {
    setupI18n('zh');
    expect(inputSchemaProblems({ type: 'string' }).map(problemText)).toEqual(['/type 应当是 "object"']);
    expect(inputSchemaProblems([]).map(problemText)).toEqual(['应当是对象']);
    expect(valueProblems(schema, { city: 'x', days: 9, extra: true }).map(problemText)).toEqual([
      '不允许有额外的属性 extra',
      '/city 不应少于 2 个字符',
      '/days 应当 <= 7',
    ]);
    expect(valueProblems(schema, { days: 'two' }).map(problemText)).toEqual([
      '缺少必需的属性 city',
      '/days 应当是 integer 类型',
    ]);
    expect(parseJson('{"a":1,}').problems.map(problemText)).toEqual(['不是有效的 JSON（第 1 行，第 8 列）']);
    expect(syntaxErrorText('Unexpected end of JSON input')).toBe('不是有效的 JSON');
    const [meta] = inputSchemaProblems({ type: 'object', properties: { n: { type: 'num' } } });
    expect(problemText(meta)).toBe('/properties/n/type 应当是允许的值之一');
  });
});

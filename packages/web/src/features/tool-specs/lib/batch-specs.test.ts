import { describe, expect, it } from 'vitest';
import { batchProblems } from './batch-specs.js';

const spec = (inputSchema: unknown, toolName = 'a') => ({
  group: 'G',
  toolName,
  function: { name: toolName, description: '', inputSchema },
});

describe('batch of tool specs', () => {
  it('accepts specs with object schemas', () => {
    expect(batchProblems([spec({ type: 'object' })])).toEqual([]);
  });

  it('places each problem at its item', () => {
    expect(batchProblems({})).toMatchObject([{ pointer: '', message: 'must be an array of tool specs' }]);
    expect(batchProblems([spec({ type: 'object' }), spec({ type: 'string' }, 'bad name')])).toMatchObject([
      { pointer: '/1/toolName', message: 'needs a "toolName" of letters, digits, _ - .' },
      { pointer: '/1/function/inputSchema/type', message: 'must be "object"' },
    ]);
  });
});

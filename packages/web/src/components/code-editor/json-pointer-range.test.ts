import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { jsonPointerRange } from './json-pointer-range.js';

const TEXT = '{"properties": {"a/b": {"type": "num"}}, "required": ["x", "y"]}';

function textAt(pointer: string): string {
  const state = EditorState.create({ doc: TEXT, extensions: [json()] });
  const tree = ensureSyntaxTree(state, state.doc.length, 5000)!;
  const { from, to } = jsonPointerRange(tree, state.doc, pointer);
  return state.doc.sliceString(from, to);
}

describe('JSON pointer to text range', () => {
  it('finds property values (escaped names included) and array items', () => {
    expect(textAt('/properties/a~1b/type')).toBe('"num"');
    expect(textAt('/required/1')).toBe('"y"');
  });

  it('the whole document for "", the deepest value reached for a path that does not exist', () => {
    expect(textAt('')).toBe(TEXT);
    expect(textAt('/properties/missing')).toBe('{"a/b": {"type": "num"}}');
  });
});

import { syntaxTree } from '@codemirror/language';
import { jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { problemMessage, syntaxErrorText } from '../../lib/json-problem-text.js';
import type { JsonProblem } from '../../lib/json-schema.js';
import { jsonPointerRange } from './json-pointer-range.js';

/** Checks a parsed JSON value; each problem is underlined at the value its pointer names. */
export type JsonCheck = (value: unknown) => JsonProblem[];

const parseLinter = jsonParseLinter();

/**
 * Syntax errors first; once the text parses, the check's problems, placed where they are. Messages are in
 * the console's language.
 */
export function jsonSchemaLint(check: JsonCheck): Extension[] {
  const lint = (view: EditorView): Diagnostic[] => {
    const syntax = parseLinter(view);
    if (syntax.length > 0) return syntax.map((d) => ({ ...d, message: syntaxErrorText(d.message) }));
    const text = view.state.doc.toString();
    if (text.trim() === '') return [];
    const tree = syntaxTree(view.state);
    return check(JSON.parse(text)).map((p) => ({
      ...jsonPointerRange(tree, view.state.doc, p.pointer),
      severity: 'error',
      message: p.pointer ? `${p.pointer}: ${problemMessage(p)}` : problemMessage(p),
    }));
  };
  return [linter(lint, { delay: 300 }), lintGutter()];
}

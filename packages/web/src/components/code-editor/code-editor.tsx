import CodeMirror from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { useMemo } from 'react';
import { jsonSchemaLint, type JsonCheck } from './json-schema-lint.js';
import { useLanguage } from './use-language.js';

export interface CodeEditorProps {
  value: string;
  onChange?(value: string): void;
  /** Config type: json, yaml, xml, html, properties, toml or text. */
  type: string;
  readOnly?: boolean;
  height?: string;
  /** JSON only: a check of the parsed value whose problems are underlined in place (keep it stable). */
  check?: JsonCheck;
}

/** CodeMirror 6 with highlighting for the config's type (its code loads with the editor). */
function CodeEditor({ value, onChange, type, readOnly, height = '420px', check }: CodeEditorProps) {
  const language = useLanguage(type);
  const extensions = useMemo(
    () => [...language, EditorView.lineWrapping, ...(check && type === 'json' ? jsonSchemaLint(check) : [])],
    [language, check, type],
  );
  return (
    <div className="code-editor" data-testid="code-editor">
      <CodeMirror
        value={value}
        height={height}
        readOnly={readOnly}
        editable={!readOnly}
        extensions={extensions}
        onChange={onChange}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      />
    </div>
  );
}

export default CodeEditor;

import CodeMirror from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { useLanguage } from './use-language.js';

export interface CodeEditorProps {
  value: string;
  onChange?(value: string): void;
  /** Config type: json, yaml, xml, html, properties, toml or text. */
  type: string;
  readOnly?: boolean;
  height?: string;
}

/** CodeMirror 6 with highlighting for the config's type (its code loads with the editor). */
function CodeEditor({ value, onChange, type, readOnly, height = '420px' }: CodeEditorProps) {
  const language = useLanguage(type);
  return (
    <div className="code-editor" data-testid="code-editor">
      <CodeMirror
        value={value}
        height={height}
        readOnly={readOnly}
        editable={!readOnly}
        extensions={[...language, EditorView.lineWrapping]}
        onChange={onChange}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      />
    </div>
  );
}

export default CodeEditor;

import CodeMirrorMerge from 'react-codemirror-merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useLanguage } from '../code-editor/use-language.js';

export interface DiffViewProps {
  original: string;
  modified: string;
  type: string;
  originalLabel: string;
  modifiedLabel: string;
}

/** Side-by-side diff of two texts, both read-only, highlighted for the config type. */
function DiffView({ original, modified, type, originalLabel, modifiedLabel }: DiffViewProps) {
  const language = useLanguage(type);
  const extensions = [
    ...language,
    EditorView.editable.of(false),
    EditorState.readOnly.of(true),
    EditorView.lineWrapping,
  ];
  return (
    <div className="diff-view" data-testid="diff-view">
      <div className="diff-view-labels">
        <span>{originalLabel}</span>
        <span>{modifiedLabel}</span>
      </div>
      <CodeMirrorMerge orientation="a-b" highlightChanges gutter style={{ maxHeight: '60vh', overflow: 'auto' }}>
        <CodeMirrorMerge.Original value={original} extensions={extensions} />
        <CodeMirrorMerge.Modified value={modified} extensions={extensions} />
      </CodeMirrorMerge>
    </div>
  );
}

export default DiffView;

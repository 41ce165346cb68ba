import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code-editor.js';

const CodeEditor = lazy(() => import('./code-editor.js'));

/** The editor's code (CodeMirror and a language) is fetched the first time one is shown. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';
import type { JsonCheck } from '../../../components/code-editor/json-schema-lint.js';
import { inputSchemaProblems } from '../../../lib/json-schema.js';

export interface SchemaEditorProps {
  value?: string;
  onChange?(value: string): void;
  readOnly?: boolean;
  height?: string;
}

const checkInputSchema: JsonCheck = (value) => inputSchemaProblems(value);

/** A JSON editor for a tool's input schema: JSON Schema mistakes are underlined where they are. */
export function SchemaEditor({ value = '', onChange, readOnly, height = '320px' }: SchemaEditorProps) {
  return (
    <LazyCodeEditor
      type="json"
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      height={height}
      check={readOnly ? undefined : checkInputSchema}
    />
  );
}

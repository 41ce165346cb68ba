import { Typography } from 'antd';
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';

/** A document as the registry answers it, pretty-printed and read-only, with what it is. */
export function JsonView({ value, help }: { value: unknown; help: string }) {
  return (
    <>
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <LazyCodeEditor value={JSON.stringify(value, null, 2)} type="json" readOnly height="420px" />
    </>
  );
}

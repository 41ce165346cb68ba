import type { ToolSpecDto, ToolSpecParam } from '@tsnacos/protocol';
import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';
import { problemText } from '../../../lib/json-problem-text.js';
import { parseJson } from '../../../lib/json-schema.js';
import { notify } from '../../../lib/notify.js';
import { useBatchUpdateToolSpecs } from '../api/batch-update-tool-specs.js';
import { batchProblems, batchTextOf } from '../lib/batch-specs.js';

export interface ToolSpecBatchModalProps {
  specs: ToolSpecDto[];
  onClose(): void;
}

/** Edits many specs as one JSON array (checked in place) and sends it to batch_update. */
export function ToolSpecBatchModal({ specs, onClose }: ToolSpecBatchModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => batchTextOf(specs));
  const [problem, setProblem] = useState<string | null>(null);
  const batch = useBatchUpdateToolSpecs();

  const submit = async () => {
    const parsed = parseJson(text);
    const [first] = parsed.problems.length > 0 ? parsed.problems : batchProblems(parsed.value);
    if (first) return setProblem(t('toolspec.batch_invalid', { problem: problemText(first) }));
    setProblem(null);
    const params = parsed.value as ToolSpecParam[];
    try {
      await batch.mutateAsync(params);
    } catch {
      return;
    }
    notify.success(t('toolspec.batch_success', { count: params.length }));
    onClose();
  };

  return (
    <Modal
      open
      width={860}
      title={t('toolspec.batch_title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={batch.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('toolspec.batch_help')}</Typography.Paragraph>
      <LazyCodeEditor type="json" value={text} onChange={setText} height="420px" check={batchProblems} />
      {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon title={problem} />}
    </Modal>
  );
}

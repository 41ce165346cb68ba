import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../../components/code-editor/lazy-code-editor.js';
import { LazyDiffView } from '../../../components/diff-view/lazy-diff-view.js';
import type { HistoryRow } from '../api/get-config-history.js';

export interface HistoryContentModalProps {
  row: HistoryRow | null;
  /** "content" shows the record; "diff" compares it with the current content. */
  view: 'content' | 'diff';
  current: string | null;
  type: string;
  onClose(): void;
}

export function HistoryContentModal({ row, view, current, type, onClose }: HistoryContentModalProps) {
  const { t } = useTranslation();
  const title =
    view === 'diff'
      ? t('config.history_diff_title', { id: row?.id })
      : t('config.history_content_title', { id: row?.id });
  return (
    <Modal
      open={row !== null}
      title={title}
      width={view === 'diff' ? 1000 : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {row &&
        (view === 'diff' ? (
          <LazyDiffView
            original={row.content}
            modified={current ?? ''}
            type={type}
            originalLabel={`${t('config.history_selected')} #${row.id}`}
            modifiedLabel={t('config.current_content')}
          />
        ) : (
          <LazyCodeEditor value={row.content} type={type} readOnly height="60vh" />
        ))}
    </Modal>
  );
}

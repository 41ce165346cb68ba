import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyDiffView } from '../../../components/diff-view/lazy-diff-view.js';
import type { PublishStep } from './use-publish-flow.js';

export interface PublishDialogsProps {
  step: PublishStep;
  type: string;
  original: string;
  draft: string;
  publishing: boolean;
  onConfirmInvalid(): void;
  onConfirmDiff(): void;
  onCancel(): void;
}

/** The two questions before a publish: "publish invalid content anyway?" and "these are the changes". */
export function PublishDialogs(props: PublishDialogsProps) {
  const { t } = useTranslation();
  const { step, type } = props;
  return (
    <>
      <Modal
        open={step.kind === 'invalid'}
        title={t('config.publish_invalid_title')}
        okText={t('config.publish_anyway')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onOk={props.onConfirmInvalid}
        onCancel={props.onCancel}
      >
        {step.kind === 'invalid' && (
          <Alert
            type="error"
            showIcon
            title={
              // parser messages point at the line with a code frame over several lines: keep the breaks
              <div className="content-error" style={{ whiteSpace: 'pre-wrap' }}>
                {t('config.publish_invalid_text', { type: type.toUpperCase(), message: step.message })}
              </div>
            }
          />
        )}
      </Modal>
      <Modal
        open={step.kind === 'diff'}
        title={t('config.diff_title')}
        width={1000}
        okText={t('config.publish')}
        cancelText={t('common.cancel')}
        confirmLoading={props.publishing}
        onOk={props.onConfirmDiff}
        onCancel={props.onCancel}
        destroyOnHidden
      >
        <LazyDiffView
          original={props.original}
          modified={props.draft}
          type={type}
          originalLabel={t('config.diff_before')}
          modifiedLabel={t('config.diff_after')}
        />
      </Modal>
    </>
  );
}

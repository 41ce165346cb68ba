import { useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/upload/file-upload.js';
import { uploadFailureText, uploadSucceeded } from '../../../components/upload/upload-outcome.js';
import type { NamespaceRef } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { toolSpecKeys } from '../api/keys.js';
import { TOOL_SPEC_IMPORT_URL } from '../api/tool-spec-files.js';

export interface ToolSpecImportModalProps {
  namespace: NamespaceRef;
  onClose(): void;
}

/** Uploads a zip of tool spec YAML files into the current namespace. */
export function ToolSpecImportModal({ namespace, onClose }: ToolSpecImportModalProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <Modal open title={t('toolspec.import_title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {t('toolspec.import_text', { namespace: namespace.namespaceName })}
      </Typography.Paragraph>
      <FileUpload
        buttonText={t('toolspec.import_button')}
        action={TOOL_SPEC_IMPORT_URL}
        accept=".zip,application/zip,application/x-zip-compressed"
        data={{ namespace: namespace.namespaceId }}
        onDone={(_, result) => {
          if (uploadSucceeded(result)) {
            notify.success(t('common.upload_success'));
            void client.invalidateQueries({ queryKey: toolSpecKeys.all });
          } else {
            notify.error(uploadFailureText(result));
          }
        }}
      />
    </Modal>
  );
}

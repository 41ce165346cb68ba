import { Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/upload/file-upload.js';
import type { NamespaceRef } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { CONFIG_IMPORT_URL, configImportHeaders, IMPORT_POLICIES, type ImportPolicy } from '../api/import-configs.js';
import { uploadFailureText, uploadSucceeded } from '../../../components/upload/upload-outcome.js';
import { configKeys } from '../api/keys.js';

export interface ConfigImportModalProps {
  open: boolean;
  namespace: NamespaceRef;
  onClose(): void;
}

/** Uploads a config zip into the current namespace; 200 means imported. */
export function ConfigImportModal({ open, namespace, onClose }: ConfigImportModalProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [policy, setPolicy] = useState<ImportPolicy>('OVERWRITE');
  return (
    <Modal open={open} title={t('config.import_title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {t('config.import_text', { namespace: namespace.namespaceName })}
      </Typography.Paragraph>
      <Form.Item label={t('config.import_policy')}>
        <Radio.Group
          value={policy}
          onChange={(e) => setPolicy(e.target.value as ImportPolicy)}
          options={IMPORT_POLICIES.map((p) => ({ value: p, label: t(`config.import_policy_${p}`) }))}
        />
      </Form.Item>
      <FileUpload
        buttonText={t('config.import_button')}
        action={CONFIG_IMPORT_URL}
        accept=".zip,application/zip,application/x-zip-compressed"
        headers={configImportHeaders(namespace.namespaceId)}
        data={{ policy }}
        onDone={(_, result) => {
          if (uploadSucceeded(result)) {
            notify.success(t('common.upload_success'));
            void client.invalidateQueries({ queryKey: configKeys.all });
          } else {
            notify.error(uploadFailureText(result));
          }
        }}
      />
    </Modal>
  );
}

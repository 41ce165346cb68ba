import { useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/upload/file-upload.js';
import { uploadFailureText, uploadSucceeded } from '../../../components/upload/upload-outcome.js';
import type { NamespaceRef } from '../../../lib/namespaces.js';
import { notify } from '../../../lib/notify.js';
import { mcpServerKeys } from '../api/keys.js';
import { MCP_SERVER_IMPORT_URL } from '../api/mcp-server-files.js';

export interface McpServerImportModalProps {
  namespace: NamespaceRef;
  onClose(): void;
}

/** The server's answer text ("N servers created, M servers updated") when it gave one. */
function importSummary(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { data?: unknown };
    return typeof body.data === 'string' ? body.data : null;
  } catch {
    return null;
  }
}

/** Uploads a zip of MCP server YAML files into the current namespace. */
export function McpServerImportModal({ namespace, onClose }: McpServerImportModalProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <Modal open title={t('mcpserver.import_title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {t('mcpserver.import_text', { namespace: namespace.namespaceName })}
      </Typography.Paragraph>
      <FileUpload
        buttonText={t('mcpserver.import_button')}
        action={MCP_SERVER_IMPORT_URL}
        accept=".zip,application/zip,application/x-zip-compressed"
        data={{ namespace: namespace.namespaceId }}
        onDone={(_, result) => {
          void client.invalidateQueries({ queryKey: mcpServerKeys.all });
          if (uploadSucceeded(result)) notify.success(importSummary(result.xhr) ?? t('common.upload_success'));
          else notify.error(uploadFailureText(result));
        }}
      />
    </Modal>
  );
}

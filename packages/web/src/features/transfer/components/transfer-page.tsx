import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/upload/file-upload.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { API_PREFIX } from '../../../lib/constants.js';
import { openDownload } from '../../../lib/download.js';
import { notify } from '../../../lib/notify.js';
import { uploadFailureText, uploadSucceeded } from '../../../components/upload/upload-outcome.js';
import { TransferHelp } from './transfer-help.js';

export const TRANSFER_EXPORT_URL = `${API_PREFIX}/transfer/export?`;
export const TRANSFER_IMPORT_URL = `${API_PREFIX}/transfer/import`;
/** Configs (with namespaces) and users are imported, the cache is not. */
export const TRANSFER_IMPORT_HEADERS = { 'import-config': '1', 'import-user': '1', 'import-cache': '0' };

export function TransferPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('transfer.title')} />
      <PageBody>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('transfer.export_title')} size="small">
              <Typography.Paragraph type="secondary">{t('transfer.export_text')}</Typography.Paragraph>
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => openDownload(TRANSFER_EXPORT_URL)}>
                {t('transfer.export_button')}
              </Button>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('transfer.import_title')} size="small">
              <Typography.Paragraph type="secondary">{t('transfer.import_text')}</Typography.Paragraph>
              <FileUpload
                buttonText={t('transfer.import_button')}
                action={TRANSFER_IMPORT_URL}
                headers={TRANSFER_IMPORT_HEADERS}
                onDone={(_, result) =>
                  uploadSucceeded(result)
                    ? notify.success(t('common.upload_success'))
                    : notify.error(uploadFailureText(result))
                }
              />
            </Card>
          </Col>
        </Row>
        <div style={{ marginTop: 24 }}>
          <TransferHelp />
        </div>
      </PageBody>
    </div>
  );
}

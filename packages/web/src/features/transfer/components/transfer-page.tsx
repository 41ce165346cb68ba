import { DatabaseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { API_PREFIX } from '../../../lib/constants.js';
import { openDownload } from '../../../lib/download.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { TransferHelp } from './transfer-help.js';
import { TransferImportCard } from './transfer-import-card.js';

export const TRANSFER_EXPORT_URL = `${API_PREFIX}/transfer/export?`;
export const BACKUP_DOWNLOAD_URL = `${API_PREFIX}/backup/download`;

export function TransferPage() {
  const { t } = useTranslation();
  // the database file holds password hashes: offered to logged-in admins only, never the no-login console
  const { isOldConsole } = useConsoleState();
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
            <TransferImportCard />
          </Col>
          {!isOldConsole && (
            <Col xs={24} lg={12}>
              <Card title={t('transfer.backup_title')} size="small">
                <Typography.Paragraph type="secondary" data-testid="backup-text">
                  <Trans i18nKey="transfer.backup_text" components={{ code: <Typography.Text code /> }} />
                </Typography.Paragraph>
                <Button icon={<DatabaseOutlined />} onClick={() => openDownload(BACKUP_DOWNLOAD_URL)}>
                  {t('transfer.backup_button')}
                </Button>
              </Card>
            </Col>
          )}
        </Row>
        <div style={{ marginTop: 24 }}>
          <TransferHelp />
        </div>
      </PageBody>
    </div>
  );
}

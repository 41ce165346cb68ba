import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { API_PREFIX } from '../../../lib/constants.js';
import { openDownload } from '../../../lib/download.js';
import { TransferHelp } from './transfer-help.js';
import { TransferImportCard } from './transfer-import-card.js';

export const TRANSFER_EXPORT_URL = `${API_PREFIX}/transfer/export?`;

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
            <TransferImportCard />
          </Col>
        </Row>
        <div style={{ marginTop: 24 }}>
          <TransferHelp />
        </div>
      </PageBody>
    </div>
  );
}

import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { UNKNOWN_VERSION } from '../../../lib/permissions.js';
import { DOC_LINKS, SOURCE_LINKS } from './source-links.js';

export function AboutPage() {
  const { t } = useTranslation();
  const { version, username, isOldConsole } = useConsoleState();
  return (
    <div className="page">
      <PageHeader title={t('about.title')} />
      <PageBody>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('common.product_title')}
        </Typography.Title>
        <Typography.Paragraph>{t('about.intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('about.features')}</Typography.Paragraph>
        <DetailDescriptions column={1} size="middle" style={{ maxWidth: 720 }}>
          <Descriptions.Item label={t('about.version')}>
            <span data-testid="about-version">{version === UNKNOWN_VERSION ? t('about.unknown') : `v${version}`}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('about.username')}>
            <span data-testid="about-username">{username ?? (isOldConsole ? t('about.not_signed_in') : '')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('about.docs')}>
            {DOC_LINKS.map((link) => (
              <div key={link.url}>
                <a href={link.url} target="_blank" rel="noreferrer">
                  {t(link.label)}
                </a>
              </div>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('about.source')}>
            {SOURCE_LINKS.map((link) => (
              <div key={link.url}>
                <a href={link.url} target="_blank" rel="noreferrer">
                  {t(link.label)}
                </a>
              </div>
            ))}
          </Descriptions.Item>
        </DetailDescriptions>
      </PageBody>
    </div>
  );
}

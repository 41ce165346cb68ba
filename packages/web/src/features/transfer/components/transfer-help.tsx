import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const Command = ({ children }: { children: string }) => <pre className="code-box">{children}</pre>;

/** How to move data offline and how to migrate from nacos. */
export function TransferHelp() {
  const { t } = useTranslation();
  return (
    <div className="transfer-help">
      <Typography.Title level={5}>{t('transfer.help_title')}</Typography.Title>
      <Typography.Paragraph>{t('transfer.help_data')}</Typography.Paragraph>
      <Typography.Paragraph>{t('transfer.help_sqlite')}</Typography.Paragraph>
      <Command>
        {'tsnacos data-to-sqlite export.data tsnacos.db\ntsnacos sqlite-to-data tsnacos.db export.data'}
      </Command>
      <Typography.Title level={5}>{t('transfer.migrate_title')}</Typography.Title>
      <Typography.Paragraph>{t('transfer.migrate_text')}</Typography.Paragraph>
      <Typography.Paragraph>{t('transfer.migrate_openapi')}</Typography.Paragraph>
      <Command>{'tsnacos openapi-to-data -u nacos -p nacos 127.0.0.1:8848 nacos.data'}</Command>
      <Typography.Paragraph>{t('transfer.migrate_mysql')}</Typography.Paragraph>
      <Command>{'tsnacos mysql-to-data mysql://user:password@127.0.0.1:3306/nacos nacos.data'}</Command>
    </div>
  );
}

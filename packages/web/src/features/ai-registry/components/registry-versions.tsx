import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface RegistryVersion {
  version: string;
  latest: boolean;
}

export interface RegistryVersionTableProps<V extends RegistryVersion> {
  versions: V[];
  /** The version the page shows. */
  shown: string;
  /** The columns between the version and the operations. */
  columns: ColumnsType<V>;
  /** Where another version is shown. */
  versionHref(row: V): string;
}

/** An entry's versions, the latest and the shown one marked, each other one a link to its page. */
export function RegistryVersionTable<V extends RegistryVersion>(props: RegistryVersionTableProps<V>) {
  const { t } = useTranslation();
  return (
    <div data-testid="versions">
      <Table<V>
        size="small"
        rowKey="version"
        pagination={false}
        dataSource={props.versions}
        columns={[
          {
            title: t('airegistry.version'),
            dataIndex: 'version',
            key: 'version',
            render: (version: string, row) => (
              <Space size={4}>
                <span>{version}</span>
                {row.latest && <Tag color="blue">{t('airegistry.latest')}</Tag>}
                {version === props.shown && <Tag>{t('airegistry.shown')}</Tag>}
              </Space>
            ),
          },
          ...props.columns,
          {
            title: t('common.operation'),
            key: 'operation',
            width: 120,
            render: (_, row) =>
              row.version === props.shown ? null : (
                <Link to={props.versionHref(row)}>
                  <Button type="link" size="small">
                    {t('airegistry.show_version')}
                  </Button>
                </Link>
              ),
          },
        ]}
      />
    </div>
  );
}

/** The shown version, marked when it is the latest. */
export function ShownVersion({ version, latestVersion }: { version: string; latestVersion: string }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <span data-testid="shown-version">{version}</span>
      {version === latestVersion && <Tag color="blue">{t('airegistry.latest')}</Tag>}
    </Space>
  );
}

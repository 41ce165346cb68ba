import { Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.js';
import { notify } from '../../../lib/notify.js';
import { useTagAction, type TagAction } from '../api/config-tag-action.js';
import { useConfigTags, type ConfigTagInfo } from '../api/get-config-tags.js';
import type { ConfigKey } from '../api/keys.js';

export interface ConfigTagSectionProps {
  configKey: ConfigKey;
  /** Content the form starts from for a new tag (the stable config's). */
  stableContent: string;
  canUpdate: boolean;
}

/**
 * The tag releases of a config (nacos's gray release by tag): clients that ask with the tag (the
 * `Vipserver-Tag` label or the HTTP `tag` parameter) read the release's content instead of the config's.
 * One release per tag; each can be replaced, stopped or promoted to every client.
 */
export function ConfigTagSection({ configKey, stableContent, canUpdate }: ConfigTagSectionProps) {
  const { t } = useTranslation();
  const tags = useConfigTags(configKey);
  const action = useTagAction();
  const [tag, setTag] = useState('');
  const [content, setContent] = useState(stableContent);

  const run = async (kind: TagAction, target: string) => {
    try {
      await action.mutateAsync({ action: kind, key: configKey, tag: target, content });
    } catch {
      return; // the API client has shown the error
    }
    notify.success(t(`config.tag_${kind}_done`, { tag: target }));
  };
  const edit = (release: ConfigTagInfo) => {
    setTag(release.tag);
    setContent(release.value);
  };

  const columns: ColumnsType<ConfigTagInfo> = [
    { title: t('config.tag_name'), dataIndex: 'tag', key: 'tag' },
    {
      title: t('config.tag_modified'),
      dataIndex: 'modifiedTime',
      key: 'modifiedTime',
      render: (ms: number) => formatDateTime(ms),
    },
  ];
  if (canUpdate) {
    columns.push({
      title: t('common.operation'),
      key: 'operation',
      render: (_, release) => (
        <Space size="small" wrap>
          <Button size="small" type="link" onClick={() => edit(release)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('config.tag_stop_confirm', { tag: release.tag })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => void run('stop', release.tag)}
          >
            <Button size="small" type="link" danger>
              {t('config.tag_stop')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('config.tag_promote_confirm', { tag: release.tag })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => void run('promote', release.tag)}
          >
            <Button size="small" type="link">
              {t('config.tag_promote')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const releases = tags.data ?? [];
  return (
    <Card size="small" title={t('config.tag_title')} data-testid="config-tags" style={{ marginTop: 16 }}>
      {releases.length === 0 && !tags.isPending ? (
        <Typography.Paragraph type="secondary" data-testid="tags-none">
          {t('config.tag_none')}
        </Typography.Paragraph>
      ) : (
        <Table<ConfigTagInfo>
          size="small"
          rowKey="tag"
          data-testid="tag-releases"
          loading={tags.isPending}
          columns={columns}
          dataSource={releases}
          pagination={false}
          style={{ marginBottom: 12 }}
        />
      )}
      {canUpdate && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="tag-name">{t('config.tag_name')}</label>
          <Input id="tag-name" value={tag} placeholder="gray-1" onChange={(e) => setTag(e.target.value)} />
          <label htmlFor="tag-content">{t('config.tag_content')}</label>
          <Input.TextArea
            id="tag-content"
            value={content}
            rows={8}
            style={{ fontFamily: 'monospace' }}
            onChange={(e) => setContent(e.target.value)}
          />
          <Button
            type="primary"
            data-testid="tag-publish"
            loading={action.isPending}
            disabled={tag.trim() === '' || content.trim() === ''}
            onClick={() => void run('publish', tag.trim())}
          >
            {t('config.tag_publish')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

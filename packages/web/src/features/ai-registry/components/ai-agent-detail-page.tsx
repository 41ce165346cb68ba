import type { AiAgentDetail, AiAgentEndpointDto, AiAgentSkillDto, AiAgentVersionDto } from '@tsnacos/protocol';
import { Button, Descriptions, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hrefs, paths } from '../../../app/paths.js';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { PageBody, PageHeader } from '../../../components/page-header.js';
import { useConsoleState } from '../../../lib/console-state.js';
import { notify } from '../../../lib/notify.js';
import { useAiAgent } from '../api/get-ai-agent.js';
import { useRemoveAiAgent } from '../api/remove-ai-agent.js';
import { registryTime } from '../lib/registry-time.js';
import { DetailState } from './detail-state.js';
import { JsonView } from './json-view.js';
import { RegisteredTitle } from './registry-notice.js';

export interface AiAgentDetailPageProps {
  namespaceId: string;
  name: string;
  /** "" for the latest (else the last added). */
  version: string;
}

function SkillTable({ skills }: { skills: AiAgentSkillDto[] }) {
  const { t } = useTranslation();
  return (
    <Table<AiAgentSkillDto>
      size="small"
      rowKey={(s) => s.id || s.name}
      pagination={false}
      dataSource={skills}
      locale={{ emptyText: t('airegistry.no_skills') }}
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 160 },
        { title: t('airegistry.name'), dataIndex: 'name', key: 'name', width: 200 },
        { title: t('airegistry.description'), dataIndex: 'description', key: 'description' },
        {
          title: t('airegistry.skill_tags'),
          dataIndex: 'tags',
          key: 'tags',
          render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
        },
      ]}
    />
  );
}

function EndpointTable({ endpoints }: { endpoints: AiAgentEndpointDto[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="agent-endpoints">
      <Table<AiAgentEndpointDto>
        size="small"
        rowKey="url"
        pagination={false}
        dataSource={endpoints}
        locale={{ emptyText: t('airegistry.no_endpoints') }}
        columns={[
          { title: 'URL', dataIndex: 'url', key: 'url' },
          { title: t('airegistry.transport'), dataIndex: 'transport', key: 'transport', width: 160 },
        ]}
      />
    </div>
  );
}

function VersionTable({ agent, namespaceId }: { agent: AiAgentDetail; namespaceId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="versions">
      <Table<AiAgentVersionDto>
        size="small"
        rowKey="version"
        pagination={false}
        dataSource={agent.versions}
        columns={[
          {
            title: t('airegistry.version'),
            dataIndex: 'version',
            key: 'version',
            render: (version: string, row) => (
              <Space size={4}>
                <span>{version}</span>
                {row.latest && <Tag color="blue">{t('airegistry.latest')}</Tag>}
                {version === agent.version && <Tag>{t('airegistry.shown')}</Tag>}
              </Space>
            ),
          },
          { title: t('airegistry.registration_type'), dataIndex: 'registrationType', key: 'registrationType' },
          { title: t('airegistry.created_at'), dataIndex: 'createdAt', key: 'createdAt', render: registryTime },
          { title: t('airegistry.updated_at'), dataIndex: 'updatedAt', key: 'updatedAt', render: registryTime },
          {
            title: t('common.operation'),
            key: 'operation',
            width: 120,
            render: (_, row) =>
              row.version === agent.version ? null : (
                <Link to={hrefs.aiAgent(namespaceId, agent.name, row.version)}>
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

/** One version of a registered agent: its card, the endpoints its instances registered, skills and versions. */
export function AiAgentDetailPage({ namespaceId, name, version }: AiAgentDetailPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canUpdateAiRegistry } = useConsoleState();
  const query = useAiAgent({ namespaceId, name, version });
  const remove = useRemoveAiAgent();
  const agent = query.data;
  const listHref = `${paths.aiAgents}?namespaceId=${encodeURIComponent(namespaceId)}`;
  const back = (
    <Link to={listHref}>
      <Button>{t('airegistry.back')}</Button>
    </Link>
  );

  return (
    <div className="page">
      <PageHeader
        title={<RegisteredTitle>{`${t('airegistry.agent_detail_title')}: ${name}`}</RegisteredTitle>}
        extra={
          <Space wrap>
            {back}
            {canUpdateAiRegistry && agent && (
              <Popconfirm
                title={t('airegistry.delete_agent_confirm', { name: agent.name })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  remove.mutate(
                    { namespaceId, name: agent.name },
                    {
                      onSuccess: () => {
                        notify.success(t('common.delete_success'));
                        void navigate(listHref);
                      },
                    },
                  )
                }
              >
                <Button danger loading={remove.isPending}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <PageBody>
        {!agent ? (
          <DetailState error={query.error} back={back} />
        ) : (
          <>
            <DetailDescriptions column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('common.namespace')}>{agent.namespaceId}</Descriptions.Item>
              <Descriptions.Item label={t('airegistry.version')}>
                <Space size={4}>
                  <span data-testid="shown-version">{agent.version}</span>
                  {agent.version === agent.latestVersion && <Tag color="blue">{t('airegistry.latest')}</Tag>}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('airegistry.latest_version')}>
                {agent.latestVersion || <Tag>{t('airegistry.no_latest')}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label={t('airegistry.registration_type')}>
                {t(`airegistry.registration_${agent.registrationType}`, { defaultValue: agent.registrationType })}
              </Descriptions.Item>
              <Descriptions.Item label={t('airegistry.url')}>
                <Typography.Text copyable>{agent.url}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('airegistry.preferred_transport')}>
                {agent.preferredTransport}
              </Descriptions.Item>
              <Descriptions.Item label={t('airegistry.protocol_version')}>{agent.protocolVersion}</Descriptions.Item>
              <Descriptions.Item label={t('airegistry.description')} span="filled">
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{agent.description}</Typography.Text>
              </Descriptions.Item>
            </DetailDescriptions>
            <Typography.Title level={5}>{t('airegistry.endpoints')}</Typography.Title>
            <EndpointTable endpoints={agent.endpoints} />
            <Tabs
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'skills',
                  label: `${t('airegistry.skills')} (${agent.skills.length})`,
                  children: <SkillTable skills={agent.skills} />,
                },
                {
                  key: 'versions',
                  label: `${t('airegistry.versions')} (${agent.versions.length})`,
                  children: <VersionTable agent={agent} namespaceId={namespaceId} />,
                },
                {
                  key: 'card',
                  label: t('airegistry.card'),
                  children: <JsonView value={agent.card} help={t('airegistry.card_help')} />,
                },
              ]}
            />
          </>
        )}
      </PageBody>
    </div>
  );
}

import type { AiAgentEndpointDto, AiAgentSkillDto } from '@tsnacos/protocol';
import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hrefs, paths } from '../../../app/paths.js';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { useAiAgent } from '../api/get-ai-agent.js';
import { useRemoveAiAgent } from '../api/remove-ai-agent.js';
import { registryTime } from '../lib/registry-time.js';
import { RegistryDetailLayout } from './registry-detail-layout.js';
import { ShownVersion } from './registry-versions.js';

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

/** One version of a registered agent: its card, the endpoints its instances registered, skills and versions. */
export function AiAgentDetailPage({ namespaceId, name, version }: AiAgentDetailPageProps) {
  const { t } = useTranslation();
  const query = useAiAgent({ namespaceId, name, version });
  const remove = useRemoveAiAgent();

  return (
    <RegistryDetailLayout
      title={`${t('airegistry.agent_detail_title')}: ${name}`}
      listPath={paths.aiAgents}
      namespaceId={namespaceId}
      entry={query.data}
      error={query.error}
      deleteConfirm={(a) => t('airegistry.delete_agent_confirm', { name: a.name })}
      onDelete={(a, done) => remove.mutate({ namespaceId, name: a.name }, { onSuccess: done })}
      deleting={remove.isPending}
      tab={(agent) => ({
        key: 'skills',
        label: t('airegistry.skills'),
        count: agent.skills.length,
        children: <SkillTable skills={agent.skills} />,
      })}
      versionColumns={[
        { title: t('airegistry.registration_type'), dataIndex: 'registrationType', key: 'registrationType' },
        { title: t('airegistry.created_at'), dataIndex: 'createdAt', key: 'createdAt', render: registryTime },
        { title: t('airegistry.updated_at'), dataIndex: 'updatedAt', key: 'updatedAt', render: registryTime },
      ]}
      versionHref={(agent, row) => hrefs.aiAgent(namespaceId, agent.name, row.version)}
      document={{ key: 'card', label: t('airegistry.card'), help: t('airegistry.card_help'), value: (a) => a.card }}
    >
      {(agent) => (
        <>
          <DetailDescriptions column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('common.namespace')}>{agent.namespaceId}</Descriptions.Item>
            <Descriptions.Item label={t('airegistry.version')}>
              <ShownVersion version={agent.version} latestVersion={agent.latestVersion} />
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
        </>
      )}
    </RegistryDetailLayout>
  );
}

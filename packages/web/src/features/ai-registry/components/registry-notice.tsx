import { Alert, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';

/** A page title marked as the AI registry's: entries clients registered, not ones tsnacos hosts. */
export function RegisteredTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space size={8} wrap>
      <span>{children}</span>
      <Tag color="purple" data-testid="registered-tag">
        {t('airegistry.registered_tag')}
      </Tag>
    </Space>
  );
}

/** What the list holds and how it differs from the MCP servers tsnacos hosts (with a link to those). */
export function RegistryNotice({ kind }: { kind: 'mcp' | 'agent' }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="registry-notice"
      title={t(kind === 'mcp' ? 'airegistry.mcp_notice_title' : 'airegistry.agent_notice_title')}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {t(kind === 'mcp' ? 'airegistry.mcp_notice' : 'airegistry.agent_notice')}
          </Typography.Paragraph>
          {kind === 'mcp' && <Link to={paths.mcpServers}>{t('airegistry.hosted_link')}</Link>}
        </>
      }
    />
  );
}

/** On the hosted MCP servers' page: where the servers that clients register are. */
export function HostedServersNote({ namespaceId }: { namespaceId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="hosted-note">
      {t('airegistry.hosted_note')}{' '}
      <Link to={`${paths.aiMcpServers}?namespaceId=${encodeURIComponent(namespaceId)}`}>
        {t('airegistry.registry_link')}
      </Link>
      .
    </Typography.Paragraph>
  );
}

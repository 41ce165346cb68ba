import type { McpServerDto } from '@tsnacos/protocol';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDescriptions } from '../../../components/detail-descriptions.js';
import { useMcpEndpoint } from '../api/get-mcp-endpoint.js';
import { endpointUrl } from '../lib/sample-arguments.js';

/**
 * The addresses MCP clients connect to, one per auth key and transport, ready to copy; with the keys
 * withheld from this user, one per transport with `{authKey}` left to fill in.
 */
export function McpEndpoints({ server }: { server: McpServerDto }) {
  const { t } = useTranslation();
  const endpoint = useMcpEndpoint();
  if (!endpoint.data)
    return (
      <Typography.Text type="secondary">{endpoint.isError ? t('mcpserver.endpoint_unknown') : ''}</Typography.Text>
    );
  const { port, streamableHttpPath, ssePath } = endpoint.data;
  const url = (pattern: string, key: string | null) =>
    endpointUrl(pattern, port, server.uniqueKey, key, window.location);
  const keys: Array<string | null> = server.authKeysHidden ? [null] : server.authKeys;
  return (
    <DetailDescriptions column={1}>
      {keys.flatMap((key) => [
        <Descriptions.Item key={`http-${key}`} label={t('mcpserver.endpoint_streamable')}>
          <Typography.Text copyable code>
            {url(streamableHttpPath, key)}
          </Typography.Text>
        </Descriptions.Item>,
        <Descriptions.Item key={`sse-${key}`} label={t('mcpserver.endpoint_sse')}>
          <Typography.Text copyable code>
            {url(ssePath, key)}
          </Typography.Text>
        </Descriptions.Item>,
      ])}
    </DetailDescriptions>
  );
}

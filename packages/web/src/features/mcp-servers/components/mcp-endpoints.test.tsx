import { screen } from '@testing-library/react';
import type { McpServerDto } from '@tsnacos/protocol';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { renderScreen } from '../../../testing/render.js';
import { McpEndpoints } from './mcp-endpoints.js';

const server: McpServerDto = {
  id: 5,
  uniqueKey: 'shop',
  namespace: 'public',
  name: 'Shop',
  description: '',
  authKeys: ['k1', 'k2'],
  createTime: 1,
  lastModifiedMillis: 1,
  currentValue: null,
  releaseValue: null,
  histories: [],
};

const endpoint = () =>
  fakeApi({
    'GET /v2/mcp/endpoint': () =>
      ok({
        port: 8848,
        streamableHttpPath: '/rnacos/mcp/{uniqueKey}/{authKey}',
        ssePath: '/rnacos/mcp/sse/{uniqueKey}/{authKey}',
      }),
  });

describe('MCP endpoints', () => {
  it('shows both addresses for each auth key', async () => {
    endpoint();
    renderScreen(<McpEndpoints server={server} />);
    expect(await screen.findByText(/\/rnacos\/mcp\/shop\/k1$/)).toBeInTheDocument();
    expect(screen.getByText(/\/rnacos\/mcp\/sse\/shop\/k2$/)).toBeInTheDocument();
  });

  it('leaves {authKey} to fill in when the keys are withheld from the user', async () => {
    endpoint();
    renderScreen(<McpEndpoints server={{ ...server, authKeys: [], authKeysHidden: true }} />);
    expect(await screen.findByText(/\/rnacos\/mcp\/shop\/\{authKey\}$/)).toBeInTheDocument();
    expect(screen.getByText(/\/rnacos\/mcp\/sse\/shop\/\{authKey\}$/)).toBeInTheDocument();
  });
});

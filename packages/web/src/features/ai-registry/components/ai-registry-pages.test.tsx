import type { AiAgentDetail, AiAgentRow, AiMcpServerDetail, AiMcpServerRow } from '@tsnacos/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// CodeMirror in the browser; a textarea here (the JSON tab is not opened by these tests anyway).
vi.mock('../../../components/code-editor/lazy-code-editor.js', () => ({
  LazyCodeEditor: (p: { value: string }) => <textarea aria-label="json" readOnly value={p.value} />,
}));

import { fail, fakeApi, ok } from '../../../testing/fake-api.js';
import { findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen, routerLocation } from '../../../testing/render.js';
import { AiAgentPage } from './ai-agent-page.js';
import { AiMcpPage } from './ai-mcp-page.js';

const ID = '6c1f6f9e-1111-4a4a-9b9b-123456789abc';
const serverRow: AiMcpServerRow = {
  id: ID,
  namespaceId: 'dev',
  name: 'weather',
  description: 'forecasts',
  protocol: 'mcp-sse',
  enabled: true,
  latestVersion: '1.0.0',
  versionCount: 2,
  toolCount: 1,
  releaseDate: '2026-03-01T10:20:30Z',
};
const serverDetail: AiMcpServerDetail = {
  id: ID,
  namespaceId: 'dev',
  name: 'weather',
  version: '1.0.0',
  latestVersion: '1.0.0',
  versions: [
    { version: '1.0.0', releaseDate: '2026-03-01T10:20:30Z', latest: true },
    { version: '2.0.0', releaseDate: '', latest: false },
  ],
  protocol: 'mcp-sse',
  frontProtocol: null,
  description: 'forecasts',
  enabled: true,
  capabilities: ['TOOL'],
  serviceRef: {
    namespaceId: 'dev',
    groupName: 'mcp-endpoints',
    serviceName: 'weather::1.0.0',
    transportProtocol: null,
  },
  backendEndpoints: [{ protocol: 'http', address: '10.2.2.2', port: 9000, path: '/sse' }],
  frontendEndpoints: [],
  tools: [{ name: 'forecast', description: 'the weather ahead', enabled: true, inputSchema: { type: 'object' } }],
  document: { id: ID },
};
const agentRow: AiAgentRow = {
  namespaceId: 'dev',
  name: 'travel-planner',
  description: 'plans trips',
  latestVersion: '',
  version: '2.0.0',
  versionCount: 1,
  registrationType: 'SERVICE',
  protocolVersion: '0.3.0',
  skillCount: 1,
  updatedAt: '2026-03-01T10:20:30Z',
};
const agentDetail: AiAgentDetail = {
  namespaceId: 'dev',
  name: 'travel-planner',
  version: '2.0.0',
  latestVersion: '',
  versions: [{ version: '2.0.0', registrationType: 'SERVICE', createdAt: '', updatedAt: '', latest: false }],
  registrationType: 'SERVICE',
  description: 'plans trips',
  url: 'http://planner.example/a2a',
  preferredTransport: 'JSONRPC',
  protocolVersion: '0.3.0',
  skills: [{ id: 'plan', name: 'Plan a trip', description: 'd', tags: ['travel'] }],
  endpoints: [{ url: 'https://10.3.3.3:8443/a2a', transport: 'JSONRPC' }],
  card: { name: 'travel-planner' },
};

const handlers = () => ({
  'GET /v2/namespaces/list': () => ok([{ namespaceId: 'dev', namespaceName: 'dev' }]),
  'GET /v2/ai/mcp/list': () => ok({ totalCount: 1, list: [serverRow] }),
  'GET /v2/ai/mcp/info': () => ok(serverDetail),
  'POST /v2/ai/mcp/remove': () => ok(true),
  'GET /v2/ai/a2a/list': () => ok({ totalCount: 1, list: [agentRow] }),
  'GET /v2/ai/a2a/info': () => ok(agentDetail),
  'POST /v2/ai/a2a/remove': () => ok(true),
});
const WRITER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/mcp', '/manage/ai/a2a', 'AI_REGISTRY_UPDATE'] };
const READER = { ...ADMIN_RESOURCES, resources: ['/manage/ai/mcp', '/manage/ai/a2a'] };

describe('AI registry screens', () => {
  it('lists registered MCP servers with the URL namespace and filter, marked as registered by clients', async () => {
    const api = fakeApi(handlers());
    renderScreen(<AiMcpPage />, { route: '/manage/ai/mcp?namespaceId=dev&filter=wea&page=1', webResources: READER });
    const row = await findRow('weather');
    expect(Object.fromEntries(api.callsTo('GET /v2/ai/mcp/list')[0].query)).toEqual({
      namespaceId: 'dev',
      nameFilter: 'wea',
      pageNo: '1',
      pageSize: '20',
    });
    expect(screen.getByTestId('registered-tag')).toHaveTextContent('Registered by clients');
    expect(screen.getByTestId('registry-notice')).toHaveTextContent('tsnacos does not serve them');
    expect(within(row).getByText('mcp-sse')).toBeInTheDocument();
    // a reader gets no delete
    expect(queryButton('Delete', row)).toBeNull();
  });

  it('deletes a server after the confirm, sending its id and name', async () => {
    const api = fakeApi(handlers());
    const { toasts } = renderScreen(<AiMcpPage />, { route: '/manage/ai/mcp?namespaceId=dev', webResources: WRITER });
    const row = await findRow('weather');
    await userEvent.click(getButton('Delete', row));
    expect(await screen.findByText(/Delete the registration of weather/)).toBeInTheDocument();
    expect(api.callsTo('POST /v2/ai/mcp/remove')).toHaveLength(0);
    await userEvent.click(getButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/ai/mcp/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/ai/mcp/remove')[0].json()).toEqual({ namespaceId: 'dev', id: ID, name: 'weather' });
    await waitFor(() => expect(toasts.successes).toContain('delete success'));
  });

  it('shows a server: endpoints, tools and versions; another version is a link with its version', async () => {
    const api = fakeApi(handlers());
    renderScreen(<AiMcpPage />, { route: `/manage/ai/mcp?namespaceId=dev&id=${ID}`, webResources: READER });
    const endpoints = await screen.findByTestId('backend-endpoints');
    expect(within(endpoints).getByText('10.2.2.2')).toBeInTheDocument();
    expect(screen.getByText('forecast')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /v2/ai/mcp/info')[0].query)).toEqual({ namespaceId: 'dev', id: ID });
    expect(queryButton('Delete')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /Versions/ }));
    const versions = within(screen.getByTestId('versions'));
    await userEvent.click(versions.getByRole('button', { name: 'Show' }));
    expect(routerLocation()).toBe(`/manage/ai/mcp?namespaceId=dev&id=${ID}&version=2.0.0`);
  });

  it('says a server is not there instead of a blank page, with the way back', async () => {
    fakeApi({ ...handlers(), 'GET /v2/ai/mcp/info': () => fail('NOT_FOUND', 'no registered MCP server') });
    renderScreen(<AiMcpPage />, { route: `/manage/ai/mcp?namespaceId=dev&id=${ID}`, webResources: WRITER });
    const error = await screen.findByTestId('detail-error');
    expect(error).toHaveTextContent('Not found: it may have been deleted');
    await userEvent.click(within(error).getByRole('button', { name: 'Back to the list' }));
    expect(routerLocation()).toBe('/manage/ai/mcp?namespaceId=dev');
  });

  it('lists agents (an agent without a latest version says so) and shows one with its endpoints and skills', async () => {
    fakeApi(handlers());
    renderScreen(<AiAgentPage />, { route: '/manage/ai/a2a?namespaceId=dev', webResources: WRITER });
    const row = await findRow('travel-planner');
    expect(within(row).getByText('none')).toBeInTheDocument();
    expect(within(row).getByText('SERVICE')).toBeInTheDocument();
    expect(getButton('Delete', row)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'travel-planner' }));
    expect(routerLocation()).toBe('/manage/ai/a2a?namespaceId=dev&name=travel-planner');
    const endpoints = await screen.findByTestId('agent-endpoints');
    expect(within(endpoints).getByText('https://10.3.3.3:8443/a2a')).toBeInTheDocument();
    expect(screen.getByText('Plan a trip')).toBeInTheDocument();
    expect(screen.getByText('SERVICE: clients call the registered endpoints')).toBeInTheDocument();
  });

  it('deletes an agent from its page after the confirm and goes back to the list', async () => {
    const api = fakeApi(handlers());
    renderScreen(<AiAgentPage />, {
      route: '/manage/ai/a2a?namespaceId=dev&name=travel-planner',
      webResources: WRITER,
    });
    await screen.findByTestId('agent-endpoints');
    await userEvent.click(getButton('Delete'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST /v2/ai/a2a/remove')).toHaveLength(1));
    expect(api.callsTo('POST /v2/ai/a2a/remove')[0].json()).toEqual({ namespaceId: 'dev', name: 'travel-planner' });
    await waitFor(() => expect(routerLocation()).toBe('/manage/ai/a2a?namespaceId=dev'));
    // the deleted agent's detail is not asked for again
    expect(api.callsTo('GET /v2/ai/a2a/info')).toHaveLength(1);
  });
});

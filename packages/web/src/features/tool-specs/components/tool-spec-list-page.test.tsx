import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The editor is CodeMirror in the browser; here a textarea stands in for it (same value / onChange).
vi.mock('../../../components/code-editor/lazy-code-editor.js', () => ({
  LazyCodeEditor: (p: { value: string; onChange?(v: string): void }) => (
    <textarea aria-label="schema" value={p.value} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findButton, findRow, getButton, queryButton } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { ToolSpecListPage } from './tool-spec-list-page.js';

const spec = {
  namespace: 'dev',
  group: 'G',
  toolName: 'get_weather',
  version: 4,
  name: 'get_weather',
  description: 'Weather',
  createTime: 1,
  lastModifiedMillis: 1,
  function: { name: 'get_weather', description: 'Weather', inputSchema: { type: 'object' } },
};
const handlers = () => ({
  'GET /v2/namespaces/list': () => ok([{ namespaceId: 'dev', namespaceName: 'dev' }]),
  'GET /v2/mcp/toolspec/list': () => ok({ totalCount: 1, list: [spec] }),
  'POST /v2/mcp/toolspec/add': () => ok(true),
});
const MCP_ADMIN = { ...ADMIN_RESOURCES, resources: [...ADMIN_RESOURCES.resources, 'MCP_TOOL_SPEC_UPDATE'] };

describe('tool spec list', () => {
  it('queries with the URL filters; a guest gets no write buttons', async () => {
    const api = fakeApi(handlers());
    renderScreen(<ToolSpecListPage />, {
      route: '/manage/mcptoolspec?namespaceId=dev&group=G&toolName=weather',
      webResources: { ...ADMIN_RESOURCES, resources: ['/manage/mcptoolspec'] },
    });
    const row = await findRow('get_weather');
    expect(Object.fromEntries(api.callsTo('GET /v2/mcp/toolspec/list')[0].query)).toEqual({
      namespaceId: 'dev',
      groupFilter: 'G',
      toolNameFilter: 'weather',
      pageNo: '1',
      pageSize: '20',
    });
    expect(getButton('Download')).toBeInTheDocument();
    for (const name of ['New', 'Batch update', 'Import']) expect(queryButton(name)).toBeNull();
    expect(queryButton('Edit', row)).toBeNull();
    expect(queryButton('Delete', row)).toBeNull();
  });

  it('creates a spec; an input schema that is not an object schema is refused before any request', async () => {
    const api = fakeApi(handlers());
    renderScreen(<ToolSpecListPage />, { route: '/manage/mcptoolspec?namespaceId=dev', webResources: MCP_ADMIN });
    await findRow('get_weather');
    await userEvent.click(getButton('New'));
    const drawer = within(await screen.findByRole('dialog'));
    await userEvent.click(drawer.getByLabelText('Tool name'));
    await userEvent.paste('get_time');
    await userEvent.click(drawer.getByLabelText('Description'));
    await userEvent.paste('The time');
    const schema = screen.getByLabelText('schema');
    await userEvent.clear(schema);
    await userEvent.click(schema);
    await userEvent.paste('{"type":"array"}');
    await userEvent.click(getButton('Confirm'));
    expect(await screen.findByText('The input schema is not valid: /type must be "object"')).toBeInTheDocument();
    expect(api.callsTo('POST /v2/mcp/toolspec/add')).toHaveLength(0);
    await userEvent.clear(schema);
    await userEvent.click(schema);
    await userEvent.paste('{"type":"object","properties":{"tz":{"type":"string"}}}');
    await userEvent.click(await findButton('Confirm'));
    await waitFor(() => expect(api.callsTo('POST /v2/mcp/toolspec/add')).toHaveLength(1));
    expect(api.callsTo('POST /v2/mcp/toolspec/add')[0].json()).toEqual({
      namespace: 'dev',
      group: 'DEFAULT_GROUP',
      toolName: 'get_time',
      function: {
        name: 'get_time',
        description: 'The time',
        inputSchema: { type: 'object', properties: { tz: { type: 'string' } } },
      },
    });
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * mcp-nacos 0.7.0 (PyPI, a third-party MCP server that manages nacos) run as an MCP client would run it, over
 * stdio, with `NACOS_VERSION=2`: it then speaks the HTTP OpenAPI v2 (`/nacos/v2/cs/config`,
 * `/nacos/v2/cs/history/*`, `/nacos/v2/console/namespace*`), lists configs with `/nacos/v1/cs/configs?search=blur`
 * and logs in with `/nacos/v1/auth/login`. Write tools ask the client to confirm (an elicitation), which this
 * client accepts. `.ci/run` installs it into `.cache/py-mcp-nacos` (`mcp-nacos-requirements.txt`).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const python = process.env.TSNACOS_MCP_NACOS_PYTHON ?? path.join(repoRoot, '.cache/py-mcp-nacos/bin/python');
const available = existsSync(python);
if (!available) {
  console.warn(
    `mcp-nacos not installed (${python}): run .ci/run, which installs ` +
      'packages/server/test/interop/mcp-nacos-requirements.txt into .cache/py-mcp-nacos',
  );
}

interface ToolAnswer {
  text: string;
  structured: Record<string, unknown> | undefined;
}

let server: SdkServer;
let client: Client;
let stderr = '';
const confirmations: string[] = [];

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  return {
    text: content.map((part) => part.text ?? '').join('\n'),
    structured: result.structuredContent as Record<string, unknown> | undefined,
  };
}

/** The SDK's v1 door, for reading back what the tool did (another way in than the tool's). */
async function v1(method: string, route: string, fields: Record<string, string>): Promise<Response> {
  const login = await fetch(`http://${server.serverAddr}/nacos/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'admin', password: 'admin' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const query = new URLSearchParams({ ...fields, accessToken });
  const body = method === 'GET' ? undefined : query;
  const url = `http://${server.serverAddr}/nacos/v1${route}${method === 'GET' ? `?${query}` : ''}`;
  return fetch(url, { method, body });
}

beforeAll(async () => {
  if (!available) return;
  server = await startSdkServer({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' });
  client = new Client({ name: 'tsnacos-interop', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    confirmations.push(request.params.message);
    return { action: 'accept', content: { confirm: true } };
  });
  const transport = new StdioClientTransport({
    command: python,
    args: ['-m', 'mcp_nacos'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NACOS_BASE_URL: `http://${server.serverAddr}/nacos`,
      NACOS_VERSION: '2',
      NACOS_READ_ONLY: 'false',
      NACOS_USERNAME: 'admin',
      NACOS_PASSWORD: 'admin',
    },
    stderr: 'pipe',
  });
  // the tool logs each request it makes there: shown when an assertion fails
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.app.dispose();
});

describe.skipIf(!available)('mcp-nacos 0.7.0 (HTTP OpenAPI v2)', () => {
  it('manages a namespace and a config with its history, as admin with OpenAPI auth on', async () => {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(
      expect.arrayContaining(['nacos_publish_config', 'nacos_create_namespace', 'nacos_list_config_history']),
    );

    const created = await call('nacos_create_namespace', {
      namespace_id: 'mcp-dev',
      namespace_name: 'MCP dev',
      namespace_desc: 'made by mcp-nacos',
    });
    expect(created.structured, stderr).toEqual({ success: true, namespace_id: 'mcp-dev', namespace_name: 'MCP dev' });
    expect(server.app.core.namespaces.get('mcp-dev')).toMatchObject({
      namespaceName: 'MCP dev',
      namespaceDesc: 'made by mcp-nacos',
    });
    const listed = await call('nacos_list_namespaces');
    const namespaces = listed.structured?.namespaces as { namespace: string; namespaceShowName: string }[];
    expect(namespaces.map((ns) => `${ns.namespace}=${ns.namespaceShowName}`)).toEqual(['=public', 'mcp-dev=MCP dev']);
    // the tool sends public as namespaceId= (nacos 2.x's id for it)
    expect((await call('nacos_get_namespace', { namespace_id: 'public' })).structured).toMatchObject({
      namespace: '',
      namespaceShowName: 'public',
    });
    const renamed = await call('nacos_update_namespace', { namespace_id: 'mcp-dev', namespace_name: 'MCP dev 2' });
    expect(renamed.structured).toMatchObject({ success: true });
    expect(server.app.core.namespaces.get('mcp-dev')?.namespaceName).toBe('MCP dev 2');

    const published = await call('nacos_publish_config', {
      data_id: 'app.yaml',
      content: 'a: 1',
      namespace_id: 'mcp-dev',
    });
    expect(published.structured).toEqual({
      success: true,
      data_id: 'app.yaml',
      group_name: 'DEFAULT_GROUP',
      namespace_id: 'mcp-dev',
      type: 'yaml',
    });
    const key = { dataId: 'app.yaml', group: 'DEFAULT_GROUP', tenant: 'mcp-dev' };
    expect(await (await v1('GET', '/cs/configs', key)).text()).toBe('a: 1');
    expect(
      server.app.core.configs.get({ namespaceId: 'mcp-dev', group: 'DEFAULT_GROUP', dataId: 'app.yaml' })?.type,
    ).toBe('yaml');
    await v1('POST', '/cs/configs', { ...key, content: 'a: 2', type: 'yaml' });

    const got = await call('nacos_get_config', {
      data_id: 'app.yaml',
      namespace_id: 'mcp-dev',
      response_format: 'json',
    });
    expect(got.structured).toMatchObject({ data_id: 'app.yaml', namespace_id: 'mcp-dev', content: 'a: 2' });
    const configs = await call('nacos_list_configs', { namespace_id: 'mcp-dev' });
    expect(configs.structured).toEqual({
      namespace_id: 'mcp-dev',
      total_count: 1,
      configs: [
        { data_id: 'app.yaml', group_name: 'DEFAULT_GROUP', namespace_id: 'mcp-dev', app_name: '', type: 'yaml' },
      ],
    });

    const history = await call('nacos_list_config_history', { data_id: 'app.yaml', namespace_id: 'mcp-dev' });
    const entries = history.structured?.pageItems as { id: number; opType: string; content: string }[];
    expect(history.structured?.totalCount).toBe(2);
    expect(entries.map((e) => `${e.opType} ${e.content}`)).toEqual(['U a: 2', 'I a: 1']);
    const first = await call('nacos_get_config_history', {
      nid: entries[1].id,
      data_id: 'app.yaml',
      namespace_id: 'mcp-dev',
    });
    expect(first.structured).toMatchObject({ opType: 'I', content: 'a: 1', tenant: 'mcp-dev' });
    // `id` of history/previous is the config's id, which the v1 search lists (the tool's own list leaves it out)
    const search = await v1('GET', '/cs/configs', {
      search: 'accurate',
      dataId: 'app.yaml',
      group: '',
      tenant: 'mcp-dev',
    });
    const [config] = ((await search.json()) as { pageItems: { id: string }[] }).pageItems;
    const previous = await call('nacos_get_config_previous', {
      config_id: Number(config.id),
      data_id: 'app.yaml',
      namespace_id: 'mcp-dev',
    });
    expect(previous.structured, stderr).toMatchObject({ content: 'a: 1' });

    const deleted = await call('nacos_delete_config', { data_id: 'app.yaml', namespace_id: 'mcp-dev' });
    expect(deleted.structured).toMatchObject({ success: true, data_id: 'app.yaml' });
    expect((await v1('GET', '/cs/configs', key)).status).toBe(404);
    const gone = await call('nacos_get_config', { data_id: 'app.yaml', namespace_id: 'mcp-dev' });
    expect(gone.text).toBe('错误：配置不存在，请检查 dataId 和 groupName 是否正确');

    const removed = await call('nacos_delete_namespace', { namespace_id: 'mcp-dev' });
    expect(removed.structured, stderr).toEqual({ success: true, namespace_id: 'mcp-dev' });
    expect(server.app.core.namespaces.exists('mcp-dev')).toBe(false);
    // every write was confirmed by the client first
    expect(confirmations).toHaveLength(5);
    expect(confirmations[0]).toContain('id=mcp-dev');
  }, 60_000);
});

import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, multipart, sessionFor } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { mcpClient, startEchoService, textOf } from './mcp-fixtures.js';

/**
 * Transfer files carrying MCP records as r-nacos writes them: built here with r-nacos's own protobuf
 * schema (transfer.proto and data_object.proto), imported through the console, then served to a real MCP
 * client; and an export of ours read back with the same schema.
 */

const RNACOS_SCHEMA = `
syntax = "proto3";
message TableNameMapEntity { uint32 id = 1; string name = 2; }
message TransferHeader { uint64 version = 1; uint64 modify_time = 2; string from_sys = 3;
  repeated TableNameMapEntity table_name_map_entities = 4; bytes extend = 5; }
message TransferItem { string table_name = 1; uint32 table_id = 2; bytes key = 3; bytes value = 4; }
message ToolSpecVersionDo { uint64 version = 1; string parameters_json = 2; string op_user = 3; int64 update_time = 4; }
message McpToolSpecDo { string namespace = 1; string group = 2; string tool_name = 3; uint64 current_version = 4;
  int64 create_time = 5; string create_user = 6; repeated ToolSpecVersionDo versions = 7; }
message McpToolDo { string tool_name = 2; string namespace = 3; string group = 4; uint64 version = 5; string route_rule_json = 6; }
message McpServerValueDo { uint64 id = 1; string description = 2; repeated McpToolDo tools = 3; string op_user = 4; int64 update_time = 5; }
message McpServerDo { uint64 id = 1; string namespace = 2; string name = 3; string description = 4; repeated string auth_keys = 5;
  int64 create_time = 6; string create_user = 7; McpServerValueDo current_value = 8; McpServerValueDo release_value = 9;
  repeated McpServerValueDo histories = 10; string unique_key = 11; }
`;
const root = protobuf.parse(RNACOS_SCHEMA, { keepCase: true }).root;
const type = (name: string) => root.lookupType(name);
const encode = (name: string, value: object) => type(name).encode(type(name).fromObject(value)).finish();
/** quick-protobuf's write_message: the value starts with its own length. */
const lengthPrefixed = (bytes: Uint8Array) => protobuf.Writer.create().bytes(bytes).finish();

/** An r-nacos export: `naco` + version 0, then varint-delimited header and items (table named, table_id 0). */
function rnacosExport(items: Array<{ table: string; key: Uint8Array; value: Uint8Array }>): Buffer {
  const writer = protobuf.Writer.create();
  writer.bytes(
    encode('TransferHeader', {
      version: 0,
      modify_time: 1_760_000_000_000,
      from_sys: 'r-nacos_0.8.5',
      extend: Buffer.from('{}'),
    }),
  );
  for (const i of items)
    writer.bytes(encode('TransferItem', { table_name: i.table, table_id: 0, key: i.key, value: i.value }));
  return Buffer.concat([Buffer.from([0x6e, 0x61, 0x63, 0x6f, 0, 0, 0, 0]), writer.finish()]);
}

const rnacosRoute = (url: string) =>
  JSON.stringify({
    protocol: 'http',
    url,
    method: 'GET',
    additionHeaders: { 'x-token': 't1' },
    convertType: 'JSON_TO_URL',
    serviceGroup: 'DEFAULT_GROUP',
    serviceName: 'weather',
  });

const fn = (description: string) =>
  JSON.stringify({
    name: 'get_weather',
    description,
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  });

/** A spec with two versions (41 old, 42 current) and a server whose served version names 41, its draft 42. */
function sampleFile(): Buffer {
  const spec = {
    namespace: 'public',
    group: 'weather',
    tool_name: 'get_weather',
    current_version: 42,
    create_time: 1_700_000_000_000,
    create_user: 'admin',
    versions: [
      { version: 41, parameters_json: fn('Weather of a city (old)'), op_user: 'admin', update_time: 1_700_000_000_000 },
      { version: 42, parameters_json: fn('Weather of a city'), op_user: 'admin', update_time: 1_700_000_100_000 },
    ],
  };
  const tool = (version: number, url: string) => ({
    tool_name: 'get_weather',
    namespace: 'public',
    group: 'weather',
    version,
    route_rule_json: rnacosRoute(url),
  });
  const served = {
    id: 7,
    description: 'weather tools',
    tools: [tool(41, '/weather')],
    op_user: 'admin',
    update_time: 1_700_000_000_000,
  };
  const server = {
    id: 3,
    namespace: 'public',
    name: 'weather',
    description: 'weather tools',
    auth_keys: ['k1'],
    create_time: 1_700_000_000_000,
    create_user: 'admin',
    current_value: { ...served, id: 8, tools: [tool(42, '/v2/weather')] },
    release_value: served,
    histories: [served],
    unique_key: 'weather-srv',
  };
  const id = new Uint8Array(8);
  id[7] = 3;
  return rnacosExport([
    {
      table: 'T_MCP_TOOL_SPEC',
      key: Buffer.from('public:weather:get_weather'),
      value: lengthPrefixed(encode('McpToolSpecDo', spec)),
    },
    { table: 'T_MCP_SERVER', key: id, value: lengthPrefixed(encode('McpServerDo', server)) },
  ]);
}

/** The items of a transfer file, values of MCP tables decoded with r-nacos's schema. */
function readExport(file: Buffer) {
  const reader = protobuf.Reader.create(file.subarray(8));
  type('TransferHeader').decodeDelimited(reader);
  const items: Array<{ table: string; value: Record<string, unknown> }> = [];
  while (reader.pos < reader.len) {
    const item = type('TransferItem').toObject(type('TransferItem').decodeDelimited(reader)) as {
      table_name: string;
      value: Uint8Array;
    };
    const message = { T_MCP_TOOL_SPEC: 'McpToolSpecDo', T_MCP_SERVER: 'McpServerDo' }[item.table_name];
    if (!message) continue;
    const decoded = type(message).decodeDelimited(protobuf.Reader.create(item.value));
    items.push({ table: item.table_name, value: type(message).toObject(decoded, { longs: Number, arrays: true }) });
  }
  return items;
}

async function importFile(app: TestApp, file: Buffer) {
  const body = multipart('file', 'rnacos_export.data', file);
  const res = await app.consoleHttp!.inject({
    method: 'POST',
    url: `${API}/transfer/import`,
    cookies: { token: await sessionFor(app, 'admin') },
    payload: body.payload,
    headers: { ...body.headers, 'import-config': '1', 'import-user': '1' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('MCP records in transfer files', () => {
  let echo: Awaited<ReturnType<typeof startEchoService>>;
  const apps: TestApp[] = [];
  const newApp = async () => {
    // the echo service listens on loopback, which tool calls reach only when allowed
    const app = await buildTestApp({ env: { RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' } });
    apps.push(app);
    const base = (await app.listen()).http;
    await app.core.naming.registerInstance(
      { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'weather' },
      { ip: '127.0.0.1', port: echo.port, ephemeral: false },
    );
    return { app, base };
  };

  beforeAll(async () => {
    echo = await startEchoService();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.dispose()));
    await echo?.close();
  });

  it('imports an r-nacos export and serves its published version to an MCP client', async () => {
    const { app, base } = await newApp();
    const report = await importFile(app, sampleFile());
    expect(report).toMatchObject({ imported: { T_MCP_TOOL_SPEC: 1, T_MCP_SERVER: 1 }, ignored: 0 });

    const client = await mcpClient(base, 'streamable', 'weather-srv', 'k1');
    try {
      const { tools } = await client.listTools();
      // the served version names spec version 41: its definition, not the current one
      expect(tools).toEqual([expect.objectContaining({ name: 'get_weather', description: 'Weather of a city (old)' })]);
      const result = await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(textOf(result))).toMatchObject({ method: 'GET', url: '/weather?city=Oslo', token: 't1' });
    } finally {
      await client.close();
    }
    const server = app.core.mcp.getServerByKey('weather-srv')!;
    expect(server.current.tools[0].routeRule.url).toBe('/v2/weather');
    expect(server.histories).toHaveLength(1);
    expect(
      app.core.mcp.getSpec({ namespace: 'public', group: 'weather', toolName: 'get_weather' })?.versions,
    ).toHaveLength(2);
  });

  it('exports MCP records r-nacos reads, and they import again unchanged', async () => {
    const { app } = await newApp();
    await importFile(app, sampleFile());
    const file = Buffer.concat(await app.core.transfer.exportFile());
    const items = readExport(file);
    const spec = items.find((i) => i.table === 'T_MCP_TOOL_SPEC')!.value;
    expect(spec).toMatchObject({ namespace: 'public', group: 'weather', tool_name: 'get_weather' });
    const versions = spec.versions as Array<{ version: number; parameters_json: string }>;
    expect(versions.map((v) => JSON.parse(v.parameters_json).description)).toEqual([
      'Weather of a city (old)',
      'Weather of a city',
    ]);
    const server = items.find((i) => i.table === 'T_MCP_SERVER')!.value as {
      release_value: { tools: Array<{ version: number; route_rule_json: string }> };
    };
    expect(server).toMatchObject({ name: 'weather', unique_key: 'weather-srv', auth_keys: ['k1'] });
    const releasedTool = server.release_value.tools[0];
    expect(versions.map((v) => v.version)).toContain(releasedTool.version);
    expect(JSON.parse(releasedTool.route_rule_json)).toMatchObject({
      url: '/weather',
      convertType: 'JSON_TO_URL',
      serviceName: 'weather',
    });

    const { app: other, base } = await newApp();
    await importFile(other, file);
    const client = await mcpClient(base, 'sse', 'weather-srv', 'k1');
    try {
      const result = await client.callTool({ name: 'get_weather', arguments: { city: 'Bergen' } });
      expect(JSON.parse(textOf(result)).url).toBe('/weather?city=Bergen');
    } finally {
      await client.close();
    }
  });

  it('numbers imported server versions in the order of the file: the served one keeps its place, the draft last', async () => {
    const { app } = await newApp();
    const id = await app.core.mcp.addServer(
      { name: 'ordered', uniqueKey: 'ordered-srv', authKeys: ['k'], description: 'v1' },
      { user: 'admin', roles: ['0'] },
    );
    for (const description of ['v2', 'v3']) {
      await app.core.mcp.updateServer(id, { description }, { user: 'admin', roles: ['0'] });
      await app.core.mcp.publish(id);
    }
    await app.core.mcp.updateServer(id, { description: 'draft' }, { user: 'admin', roles: ['0'] });
    const before = app.core.mcp.getServer(id)!;
    await app.core.mcp.publishHistory(id, before.histories[1].id);
    const file = Buffer.concat(await app.core.transfer.exportFile());

    const { app: other } = await newApp();
    // ids taken by other servers first: the imported ones must not follow the file's ids
    await other.core.mcp.addServer({ name: 'x', authKeys: ['k'] }, { user: 'admin', roles: ['0'] });
    await importFile(other, file);
    const server = other.core.mcp.getServerByKey('ordered-srv')!;
    expect(server.histories.map((h) => [h.version, h.description])).toEqual([
      [1, 'v1'],
      [2, 'v2'],
      [3, 'v3'],
    ]);
    const ids = server.histories.map((h) => h.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(server.current.id).toBeGreaterThan(Math.max(...ids));
    expect(server.release).toMatchObject({ version: 2, description: 'v2', id: server.histories[1].id });
    expect(server.current).toMatchObject({ version: 4, description: 'draft' });
    // the console shows these numbers
    const info = await other.consoleHttp!.inject({
      method: 'GET',
      url: `${API}/v2/mcp/server/info?id=${server.id}`,
      cookies: { token: await sessionFor(other, 'admin') },
    });
    expect(info.json().data).toMatchObject({ releaseValue: { version: 2 }, currentValue: { version: 4 } });
  });
});

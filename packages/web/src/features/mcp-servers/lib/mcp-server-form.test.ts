import type { McpServerDto } from '@tsnacos/protocol';
import { describe, expect, it } from 'vitest';
import {
  duplicateTools,
  emptyTool,
  formValuesOf,
  newAuthKey,
  toServerParam,
  urlTemplateError,
} from './mcp-server-form.js';

const route = {
  protocol: 'http',
  url: '/orders/{{id}}',
  method: 'POST',
  additionHeaders: { 'x-team': 'web' },
  convertType: 'JSON_TO_FORM' as const,
  serviceNamespace: '',
  serviceGroup: 'G',
  serviceName: 'orders',
};
const tool = {
  toolName: 'get_order',
  toolKey: { namespace: 'dev', group: 'T', toolName: 'get_order' },
  toolVersion: 3,
  spec: { name: 'get_order', description: '', inputSchema: { type: 'object' as const } },
  routeRule: route,
};
const value = (id: number, tools = [tool]) => ({
  id,
  version: id - 10,
  description: 'd',
  tools,
  opUser: 'admin',
  updateTime: 1,
});
const server: McpServerDto = {
  id: 7,
  uniqueKey: 'orders-mcp',
  namespace: 'dev',
  name: 'Orders',
  description: 'd',
  authKeys: ['k1'],
  createTime: 1,
  lastModifiedMillis: 1,
  currentValue: value(12),
  releaseValue: value(11, []),
  histories: [],
};

describe('MCP server form', () => {
  it('edits the draft, and sends it back as the update body unchanged', () => {
    const values = formValuesOf(server);
    expect(values.tools).toEqual([
      {
        spec: 'T@@get_order',
        service: 'G@@orders',
        method: 'POST',
        url: '/orders/{{id}}',
        convertType: 'JSON_TO_FORM',
        headers: [{ name: 'x-team', value: 'web' }],
      },
    ]);
    expect(toServerParam(values, 'dev', 7)).toEqual({
      id: 7,
      namespace: 'dev',
      name: 'Orders',
      description: 'd',
      authKeys: ['k1'],
      tools: [{ toolName: 'get_order', namespace: '', group: 'T', routeRule: route }],
    });
  });

  it('a new server gets a generated auth key; a given server key is sent on add only', () => {
    const values = { ...formValuesOf(null), name: ' N ', uniqueKey: 'key-1', tools: [] };
    expect(values.authKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(newAuthKey()).not.toBe(newAuthKey());
    expect(toServerParam(values, '', undefined)).toMatchObject({ uniqueKey: 'key-1', name: 'N' });
    expect(toServerParam(values, '', 3)).not.toHaveProperty('uniqueKey');
  });

  it('headers without a name are dropped', () => {
    const t = {
      ...emptyTool(),
      spec: 'G@@a',
      service: 'G@@s',
      headers: [
        { name: ' ', value: 'x' },
        { name: 'h', value: '1' },
      ],
    };
    const [sent] = toServerParam({ ...formValuesOf(null), tools: [t] }, '').tools!;
    expect(sent.routeRule?.additionHeaders).toEqual({ h: '1' });
  });

  it('URL templates: a path, or an http URL whose host is {IP_PORT}', () => {
    expect(urlTemplateError('/a/{{b}}')).toBeNull();
    expect(urlTemplateError('http://{IP_PORT}/a')).toBeNull();
    expect(urlTemplateError('https://{IP_PORT}')).toBeNull();
    expect(urlTemplateError('http://example.com/a?to={IP_PORT}')).toBe('mcpserver.url_invalid');
    expect(urlTemplateError('http://{IP_PORT}.example.com/a')).toBe('mcpserver.url_invalid');
    expect(urlTemplateError('http://example.com/a')).toBe('mcpserver.url_invalid');
    expect(urlTemplateError('a')).toBe('mcpserver.url_invalid');
  });

  it('a tool listed twice is named', () => {
    expect(
      duplicateTools([
        { ...emptyTool(), spec: 'G@@a' },
        { ...emptyTool(), spec: 'H@@a' },
      ]),
    ).toEqual(['a']);
    expect(duplicateTools([{ ...emptyTool(), spec: 'G@@a' }, emptyTool()])).toEqual([]);
  });
});

import { MASKED_VALUE } from '@tsnacos/protocol';
import { describe, expect, it } from 'vitest';
import type { McpServer, ServerVersion } from '../../../core/mcp/mcp-model.js';
import { mcpServerDto, serverValueDto } from './mcp-dto.js';

const version = (id: number): ServerVersion => ({
  id,
  version: id,
  description: 'd',
  opUser: 'admin',
  updateTime: 1,
  tools: [
    {
      toolName: 't',
      toolKey: { namespace: 'public', group: 'G', toolName: 't' },
      toolVersion: 1,
      spec: { name: 't', description: '', inputSchema: { type: 'object' } },
      routeRule: {
        protocol: 'http',
        url: '/x',
        method: 'GET',
        additionHeaders: { Authorization: 'Bearer s3cret' },
        convertType: 'NONE',
        serviceNamespace: '',
        serviceGroup: 'DEFAULT_GROUP',
        serviceName: 's',
      },
    },
  ],
});

const server: McpServer = {
  id: 1,
  uniqueKey: 'shop',
  namespace: 'public',
  name: 'shop',
  description: '',
  authKeys: ['key-1', 'key-2'],
  createTime: 1,
  createUser: 'admin',
  current: version(3),
  release: version(2),
  histories: [version(2)],
};

describe('MCP server DTOs', () => {
  it('withhold the auth keys and header values from those who may not change MCP servers', () => {
    const dto = mcpServerDto(server, false);
    expect(dto.authKeys).toEqual([]);
    expect(dto.authKeysHidden).toBe(true);
    const text = JSON.stringify(dto);
    for (const secret of ['key-1', 'key-2', 's3cret']) expect(text).not.toContain(secret);
    for (const v of [dto.currentValue!, dto.releaseValue!, ...dto.histories!]) {
      expect(v.tools[0].routeRule.additionHeaders).toEqual({ Authorization: MASKED_VALUE });
    }
    expect(serverValueDto(server.current, false).tools[0].routeRule.additionHeaders).toEqual({
      Authorization: MASKED_VALUE,
    });
  });

  it('show them to those who may', () => {
    const dto = mcpServerDto(server, true);
    expect(dto.authKeys).toEqual(['key-1', 'key-2']);
    expect(dto.authKeysHidden).toBeUndefined();
    expect(dto.releaseValue!.tools[0].routeRule.additionHeaders).toEqual({ Authorization: 'Bearer s3cret' });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_STATE, toConsoleState } from './permissions.js';

describe('console state', () => {
  it('before the answer: full update permissions, old console, version unknown, not from a request', () => {
    expect(toConsoleState(undefined)).toBe(DEFAULT_CONSOLE_STATE);
    expect(DEFAULT_CONSOLE_STATE).toMatchObject({
      fromRequest: false,
      isOldConsole: true,
      canUpdateConfig: true,
      canUpdateService: true,
      canUpdateNamespace: true,
      canUpdateToolSpec: true,
      canUpdateMcpServer: true,
      canUpdateAiRegistry: true,
      version: 'unknown',
    });
  });

  it('flags follow the resource strings', () => {
    const s = toConsoleState({
      resources: ['SERVICE_UPDATE', 'MCP_SERVER_UPDATE', 'AI_REGISTRY_UPDATE'],
      from: '',
      version: '0.2.0',
      username: 'dev',
    });
    expect(s).toMatchObject({
      fromRequest: true,
      isOldConsole: false,
      canUpdateConfig: false,
      canUpdateService: true,
      canUpdateNamespace: false,
      canUpdateToolSpec: false,
      canUpdateMcpServer: true,
      canUpdateAiRegistry: true,
      version: '0.2.0',
      username: 'dev',
    });
  });
});

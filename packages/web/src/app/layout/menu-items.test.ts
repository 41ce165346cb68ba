import { describe, expect, it } from 'vitest';
import { toConsoleState } from '../../lib/permissions.js';
import { selectedMenuKey, visibleMenu, type MenuNode } from './menu-items.js';

// The web resources each role gets (un-prefixed paths are what the menu reads; the rest must not matter).
const GUEST = [
  '/',
  '/404',
  '/manage/about',
  '/manage/configs',
  '/manage/config/history',
  '/manage/config/listeners',
  '/manage/service',
  '/manage/service/instance',
  '/manage/subscriber',
  '/manage/mcptoolspec',
  '/manage/mcptoolspec/detail',
  '/manage/mcpserver',
  '/manage/ai/mcp',
  '/manage/ai/a2a',
  '/rnacos/manage/configs',
];
const DEVELOPER = [
  ...GUEST,
  '/manage/namespace',
  '/manage/cluster',
  '/manage/appmonitor',
  'CONFIG_UPDATE',
  'SERVICE_UPDATE',
  'NAMESPACE_UPDATE',
  'MCP_TOOL_SPEC_UPDATE',
  'MCP_SERVER_UPDATE',
  'AI_REGISTRY_UPDATE',
];
const ADMIN = [...DEVELOPER, '/manage/user', '/manage/transfer', 'USER_UPDATE'];

const paths = (menu: MenuNode[]) => menu.flatMap((n) => ('children' in n ? n.children.map((c) => c.key) : [n.key]));
const state = (resources: string[], from: '' | 'OLD_CONSOLE' = '') =>
  toConsoleState({ resources, from, version: '1', username: 'u' });

describe('side menu', () => {
  it('admin sees every entry', () => {
    expect(paths(visibleMenu(state(ADMIN)))).toEqual([
      '/manage/configs',
      '/manage/config/listeners',
      '/manage/service',
      '/manage/subscriber',
      '/manage/mcptoolspec',
      '/manage/mcpserver',
      '/manage/ai/mcp',
      '/manage/ai/a2a',
      '/manage/user',
      '/manage/namespace',
      '/manage/transfer',
      '/manage/cluster',
      '/manage/appmonitor',
      '/manage/about',
    ]);
  });

  it('developer has no users and no transfer', () => {
    const shown = paths(visibleMenu(state(DEVELOPER)));
    expect(shown).not.toContain('/manage/user');
    expect(shown).not.toContain('/manage/transfer');
    expect(shown).toContain('/manage/namespace');
    expect(shown).toContain('/manage/appmonitor');
  });

  it('guest sees configs, their listeners, services, subscribers, MCP, the AI registry and about only', () => {
    expect(paths(visibleMenu(state(GUEST)))).toEqual([
      '/manage/configs',
      '/manage/config/listeners',
      '/manage/service',
      '/manage/subscriber',
      '/manage/mcptoolspec',
      '/manage/mcpserver',
      '/manage/ai/mcp',
      '/manage/ai/a2a',
      '/manage/about',
    ]);
  });

  it('old console shows everything but user management, whatever the resources', () => {
    const shown = paths(visibleMenu(state(['/manage/about'], 'OLD_CONSOLE')));
    expect(shown).toHaveLength(13);
    expect(shown).not.toContain('/manage/user');
  });

  it('drops groups left without children', () => {
    const menu = visibleMenu(state(['/manage/about']));
    expect(menu.map((g) => g.key)).toEqual(['system']);
  });

  it('sub-pages highlight their list', () => {
    expect(selectedMenuKey('/manage/config/history')).toBe('/manage/configs');
    expect(selectedMenuKey('/manage/service/instance')).toBe('/manage/service');
    expect(selectedMenuKey('/manage/mcptoolspec/detail')).toBe('/manage/mcptoolspec');
    expect(selectedMenuKey('/manage/user')).toBe('/manage/user');
    expect(selectedMenuKey('/manage/ai/mcp')).toBe('/manage/ai/mcp');
  });
});

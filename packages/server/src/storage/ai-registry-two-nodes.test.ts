import { describe, expect, it } from 'vitest';
import { backends } from '../../test/store-contract-kit.js';
import { AgentEndpoints } from '../core/ai/agent-endpoints.js';
import { parseAgentCard } from '../core/ai/agent-card-input.js';
import { AgentRegistry } from '../core/ai/agent-registry.js';
import { McpEndpoints } from '../core/ai/mcp-endpoints.js';
import { parseReleaseInput } from '../core/ai/mcp-registry-input.js';
import { McpRegistry } from '../core/ai/mcp-registry.js';
import { NamingService } from '../core/naming/naming-service.js';
import { systemClock } from '../shared/clock.js';

const card = (version: string) =>
  parseAgentCard(
    JSON.stringify({
      name: 'helper',
      version,
      protocolVersion: '0.3.0',
      preferredTransport: 'JSONRPC',
      url: 'http://agents.example:8080/a2a',
      skills: [{ id: 'qa', name: 'Q&A', description: 'answers', tags: ['faq'] }],
    }),
  );
const release = (version: string) =>
  parseReleaseInput({ server: JSON.stringify({ name: 'weather', protocol: 'stdio', versionDetail: { version } }) });

/*
 * Two nodes of a cluster share one store, each deciding writes on its own copy; the second node has not
 * heard of the first one's change yet (no change notice is delivered here) when it writes its own.
 */
describe.each(backends)('$name AI registry written through two nodes', ({ open, skip }) => {
  it.skipIf(skip)('keeps both versions of an agent added through two nodes at once', async () => {
    const stores = await open();
    const naming = await NamingService.create(stores.instances, systemClock);
    const nodeA = await AgentRegistry.create(stores.agentRegistry, new AgentEndpoints(naming), systemClock);
    await nodeA.create('public', card('1.0.0'), 'URL');
    const nodeB = await AgentRegistry.create(stores.agentRegistry, new AgentEndpoints(naming), systemClock);
    await nodeA.update('public', card('2.0.0'), undefined, false);
    // B still holds 1.0.0 alone: its write is decided again on the stored agent
    await nodeB.update('public', card('3.0.0'), undefined, true);
    const stored = (await stores.agentRegistry.loadAll())[0];
    expect(stored.versions.map((v) => v.version)).toEqual(['1.0.0', '2.0.0', '3.0.0']);
    expect(stored.latestVersion).toBe('3.0.0');
    expect(nodeB.find('public', 'helper')?.versions).toHaveLength(3);
    // a version removed through B after A added another leaves A's
    await nodeA.update('public', card('4.0.0'), undefined, false);
    await nodeB.remove('public', 'helper', '1.0.0');
    const after = (await stores.agentRegistry.loadAll())[0];
    expect(after.versions.map((v) => v.version)).toEqual(['2.0.0', '3.0.0', '4.0.0']);
  });

  it.skipIf(skip)('keeps both versions of an MCP server added through two nodes at once', async () => {
    const stores = await open();
    const naming = await NamingService.create(stores.instances, systemClock);
    const nodeA = await McpRegistry.create(stores.mcpRegistry, new McpEndpoints(naming), systemClock);
    await nodeA.create('public', release('1.0.0'));
    const nodeB = await McpRegistry.create(stores.mcpRegistry, new McpEndpoints(naming), systemClock);
    await nodeA.release('public', release('2.0.0'));
    await nodeB.release('public', release('3.0.0'));
    const stored = (await stores.mcpRegistry.loadAll())[0];
    expect(stored.versions.map((v) => v.version)).toEqual(['1.0.0', '2.0.0', '3.0.0']);
    // the last version removed through a node that missed another's addition: the server stays with it
    const nodeC = await McpRegistry.create(stores.mcpRegistry, new McpEndpoints(naming), systemClock);
    await nodeC.remove('public', { name: 'weather' }, '1.0.0');
    await nodeC.remove('public', { name: 'weather' }, '2.0.0');
    await nodeA.release('public', release('5.0.0'));
    await nodeC.remove('public', { name: 'weather' }, '3.0.0');
    expect((await stores.mcpRegistry.loadAll())[0].versions.map((v) => v.version)).toEqual(['5.0.0']);
  });
});

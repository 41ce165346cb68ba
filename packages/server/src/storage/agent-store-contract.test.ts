import { describe, expect, it } from 'vitest';
import { backends } from '../../test/store-contract-kit.js';
import type { RegisteredAgent } from '../core/ai/agent-card-model.js';

/** The AI registry's agent store, held to the same behaviours on both backends. */

const agent = (id: string, name: string, namespaceId = 'public'): RegisteredAgent => ({
  id,
  namespaceId,
  name,
  latestVersion: '1.0.0',
  versions: [
    {
      version: '1.0.0',
      registrationType: 'SERVICE',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      card: {
        name,
        version: '1.0.0',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: 'http://10.0.0.1:8080/a2a',
        description: 'answers questions',
        capabilities: { streaming: true },
        skills: [{ id: 'qa', name: 'Q&A', tags: ['faq'] }],
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
      },
    },
  ],
});

describe.each(backends)('$name AI registry agent store', ({ open, skip }) => {
  it.skipIf(skip)('keeps agents whole across reloads, replaces them by id and removes them', async () => {
    const store = (await open()).agentRegistry;
    expect(await store.save(agent('a', 'helper'))).toBe(true);
    expect(await store.save(agent('b', 'planner'))).toBe(true);
    const moved = Object.assign(agent('b', 'booker'), { latestVersion: '' });
    expect(await store.save(moved)).toBe(true);
    expect(await store.loadAll()).toEqual([moved, agent('a', 'helper')]);
    expect(await store.get('a')).toEqual(agent('a', 'helper'));
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.loadAll()).map((s) => s.id)).toEqual(['b']);
  });

  it.skipIf(skip)('refuses a name another agent has in its namespace, writing nothing', async () => {
    const stores = await open();
    expect(await stores.agentRegistry.save(agent('x', 'same'))).toBe(true);
    expect(await stores.agentRegistry.save(agent('y', 'same'))).toBe(false);
    expect(await stores.agentRegistry.save(agent('z', 'same', 'dev'))).toBe(true);
    expect((await stores.agentRegistry.loadAll()).map((s) => s.id).sort()).toEqual(['x', 'z']);
  });
});

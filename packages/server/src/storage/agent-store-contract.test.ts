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
    expect(await store.save(agent('a', 'helper'), undefined)).toBe('saved');
    expect(await store.save(agent('b', 'planner'), undefined)).toBe('saved');
    const moved = Object.assign(agent('b', 'booker'), { latestVersion: '' });
    expect(await store.save(moved, agent('b', 'planner'))).toBe('saved');
    expect(await store.loadAll()).toEqual([moved, agent('a', 'helper')]);
    expect(await store.get('a')).toEqual(agent('a', 'helper'));
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.loadAll()).map((s) => s.id)).toEqual(['b']);
  });

  it.skipIf(skip)('refuses a name another agent has in its namespace, writing nothing', async () => {
    const stores = await open();
    expect(await stores.agentRegistry.save(agent('x', 'same'), undefined)).toBe('saved');
    expect(await stores.agentRegistry.save(agent('y', 'same'), undefined)).toBe('name-taken');
    expect(await stores.agentRegistry.save(agent('z', 'same', 'dev'), undefined)).toBe('saved');
    expect((await stores.agentRegistry.loadAll()).map((s) => s.id).sort()).toEqual(['x', 'z']);
  });

  it.skipIf(skip)('writes nothing over an agent changed since the write read it, and says so', async () => {
    const store = (await open()).agentRegistry;
    const first = agent('s', 'shared');
    expect(await store.save(first, undefined)).toBe('saved');
    // another node adds a version meanwhile
    const theirs = Object.assign(agent('s', 'shared'), { latestVersion: 'theirs' });
    expect(await store.save(theirs, first)).toBe('saved');
    // this node, still holding `first`, writes its own change: refused, theirs kept
    const mine = Object.assign(agent('s', 'shared'), { latestVersion: 'mine' });
    expect(await store.save(mine, first)).toBe('stale');
    expect(await store.save(agent('s', 'shared'), undefined)).toBe('stale');
    expect(await store.remove('s', first)).toBe(false);
    expect(await store.get('s')).toEqual(theirs);
    expect(await store.remove('s', theirs)).toBe(true);
  });
});

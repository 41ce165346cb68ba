import { describe, expect, it } from 'vitest';
import { configKeyString } from './config-key.js';
import { ConfigListenerQuery, type ListenerSource, type ListeningClient } from './listener-query.js';

const app = configKeyString({ namespaceId: '', group: 'G', dataId: 'app.yaml' });
const db = configKeyString({ namespaceId: 'dev', group: 'G', dataId: 'db.yaml' });

/** A door's listeners as a plain list, filtered as the doors filter theirs. */
function source(clients: ListeningClient[]): ListenerSource {
  return {
    listeners: (match) =>
      clients.filter(
        (c) =>
          (match.keyString === undefined || c.keyString === match.keyString) &&
          (match.ip === undefined || c.ip === match.ip),
      ),
  };
}

function query(md5s: Record<string, string>): ConfigListenerQuery {
  const q = new ConfigListenerQuery((key) => md5s[key] ?? '');
  q.addSource(
    source([
      { via: 'grpc', ip: '10.0.0.5', address: '10.0.0.5:50001', keyString: app, md5: 'm1' },
      { via: 'grpc', ip: '10.0.0.5', address: '10.0.0.5:50001', keyString: db, md5: 'old' },
    ]),
  );
  q.addSource(source([{ via: 'http', ip: '10.0.0.6', address: '10.0.0.6:40000', keyString: app, md5: 'old' }]));
  return q;
}

describe('ConfigListenerQuery', () => {
  it('lists every client of a config from every door, each marked in sync or behind the current md5', () => {
    const rows = query({ [app]: 'm1', [db]: 'd2' }).byConfig(app);
    expect(rows.map((r) => [r.via, r.address, r.dataId, r.group, r.namespaceId, r.md5, r.inSync])).toEqual([
      ['grpc', '10.0.0.5:50001', 'app.yaml', 'G', '', 'm1', true],
      ['http', '10.0.0.6:40000', 'app.yaml', 'G', '', 'old', false],
    ]);
    expect(rows.every((r) => r.currentMd5 === 'm1')).toBe(true);
  });

  it('lists what one client IP listens to, across namespaces or within one', () => {
    const q = query({ [app]: 'm1', [db]: 'd2' });
    expect(q.byIp(' 10.0.0.5 ').map((r) => [r.namespaceId, r.dataId, r.inSync])).toEqual([
      ['', 'app.yaml', true],
      ['dev', 'db.yaml', false],
    ]);
    expect(q.byIp('10.0.0.5', 'dev').map((r) => r.dataId)).toEqual(['db.yaml']);
    expect(q.byIp('10.9.9.9')).toEqual([]);
  });

  it('counts a client holding no content of a config that does not exist as in sync', () => {
    const q = new ConfigListenerQuery(() => '');
    q.addSource(source([{ via: 'grpc', ip: '10.0.0.7', address: '10.0.0.7:1', keyString: app, md5: '' }]));
    expect(q.byConfig(app)).toMatchObject([{ md5: '', currentMd5: '', inSync: true }]);
  });

  it('answers from this node alone without waiting when there are no peers', () => {
    const answer = query({ [app]: 'm1' }).inCluster({ keyString: app });
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toMatchObject({ unanswered: [] });
  });

  it("merges the other nodes' clients, judged against this node's md5, and names the nodes that did not answer", async () => {
    const q = query({ [app]: 'm1', [db]: 'd2' });
    const asked: unknown[] = [];
    q.setPeers({
      listeners: async (match) => {
        asked.push(match);
        return {
          clients: [{ via: 'grpc', ip: '10.0.0.5', address: '10.0.0.5:50002', keyString: db, md5: 'd2' }],
          unanswered: ['10.1.1.1:8848'],
        };
      },
    });
    const answer = await q.inCluster({ ip: ' 10.0.0.5 ' }, 'dev');
    expect(asked).toEqual([{ ip: '10.0.0.5' }]);
    expect(answer.unanswered).toEqual(['10.1.1.1:8848']);
    expect(answer.rows.map((r) => [r.address, r.dataId, r.inSync])).toEqual([
      ['10.0.0.5:50001', 'db.yaml', false],
      ['10.0.0.5:50002', 'db.yaml', true],
    ]);
  });
});

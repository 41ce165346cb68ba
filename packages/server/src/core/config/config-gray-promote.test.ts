import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { openSqliteStores } from '../../storage/sqlite/sqlite-stores.js';
import type { Stores } from '../../storage/stores.js';
import type { NewAuditEntry } from '../audit/audit-model.js';
import type { ConfigGrayStore } from './config-gray-store.js';
import { configKeyString } from './config-key.js';
import { ConfigService } from './config-service.js';

const key = { namespaceId: '', group: 'G', dataId: 'promoted.yaml' };
const blue = { type: 'tag' as const, tag: 'blue' };

/**
 * Promotion through the config service on a real SQLite file: clients read the promoted content, listeners
 * are woken once, and a promotion the store fails leaves what every client reads as it was.
 */
describe('promoting a gray release', () => {
  let dir: string;
  let stores: Stores;
  let configs: ConfigService;
  /** Makes the next promotion carry an audit row the database refuses (after the stable row and the removal). */
  let refuseNext = false;

  beforeEach(async () => {
    dir = tempDataDir();
    stores = openSqliteStores(dir);
    const real = stores.configGrays;
    const grays: ConfigGrayStore = {
      loadAllGrays: () => real.loadAllGrays(),
      graysOf: (k) => real.graysOf(k),
      saveGray: (g, h, a) => real.saveGray(g, h, a),
      removeGray: (k, n, h, a) => real.removeGray(k, n, h, a),
      promoteGray: (k, n, decide) =>
        real.promoteGray(k, n, (gray, current) => {
          const promotion = decide(gray, current);
          if (!refuseNext) return promotion;
          // NOT NULL: the database refuses the row, the last write of the transaction
          const audit: NewAuditEntry = {
            time: 1,
            username: '',
            door: 'console',
            clientIp: '',
            action: 'config.gray.promote',
            namespaceId: '',
            target: '',
            outcome: 'ok',
            reason: null as unknown as string,
          };
          return { ...promotion, audit };
        }),
    };
    configs = await ConfigService.create(stores.configs, new ManualClock(), 100_000, grays);
    await configs.publish({ ...key, content: 'v: stable' });
    await configs.publishGray({ ...key, content: 'v: blue', rule: blue });
  });
  afterEach(async () => {
    refuseNext = false;
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const reads = () => [configs.get(key)?.content, configs.grayFor(key, { ip: '10.0.0.1', tag: 'blue' })?.item.content];

  it('serves the gray content to every client and wakes each listener once', async () => {
    const woken: string[] = [];
    configs.watch(configKeyString(key), (k) => woken.push(k));
    const item = await configs.promoteGray(key, 'tag_blue', { srcUser: 'nacos' });
    expect(item.content).toBe('v: blue');
    expect(reads()).toEqual(['v: blue', undefined]);
    expect(woken).toHaveLength(1);
    expect((await stores.configs.get(key))?.item.content).toBe('v: blue');
    expect(await stores.configGrays.graysOf(key)).toEqual([]);
  });

  it('leaves the stable config and the gray release as they were when the store fails the promotion', async () => {
    refuseNext = true;
    await expect(configs.promoteGray(key, 'tag_blue')).rejects.toThrow();
    expect(reads()).toEqual(['v: stable', 'v: blue']);
    expect((await stores.configs.get(key))?.item.content).toBe('v: stable');
    expect((await stores.configGrays.graysOf(key)).map((g) => g.item.content)).toEqual(['v: blue']);

    refuseNext = false;
    await configs.promoteGray(key, 'tag_blue');
    expect(reads()).toEqual(['v: blue', undefined]);
  });
});

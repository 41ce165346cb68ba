import type { ConfigKey } from '../../core/config/config-key.js';
import type { ConfigGray } from '../../core/config/config-gray.js';
import type { GrayPromoted, GrayPromotion } from '../../core/config/config-gray-store.js';
import { withId, type ConfigItem } from '../../core/config/config-model.js';
import { CONFIG_COLUMNS, toStored } from '../sqlite/sqlite-config-store.js';
import { GRAY_COLUMNS, toGray } from '../sqlite/sqlite-config-gray-store.js';
import { insertAuditRows } from './pg-audit-store.js';
import { appendHistory, KEY, keyArgs, lockConfigKey, upsertConfig } from './pg-config-store.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

/**
 * Promotes a gray version in one transaction: the stable row and its history, the gray removal and its
 * history, the audit row and one announcement of the key commit together or not at all.
 */
export function promoteGrayInPostgres(
  db: PgDatabase,
  key: ConfigKey,
  grayName: string,
  decide: (gray: ConfigGray, committed: ConfigItem | undefined) => GrayPromotion,
): Promise<GrayPromoted | undefined> {
  return inTransaction(db, async (client) => {
    // the same key lock as a stable publish: no other node's publish of the key comes between
    await lockConfigKey(client, key);
    const grays = await client.query<Row>(
      `DELETE FROM config_gray WHERE ${KEY} AND gray_name = $4 RETURNING ${GRAY_COLUMNS}`,
      [...keyArgs(key), grayName],
    );
    if (grays.rows.length === 0) return undefined;
    const gray = toGray(grays.rows[0]);
    const stable = await client.query<Row>(
      `SELECT ${CONFIG_COLUMNS}, revision FROM config WHERE ${KEY} FOR UPDATE`,
      keyArgs(key),
    );
    const committed = stable.rows[0] ? toStored(stable.rows[0]) : undefined;
    const promotion = decide(gray, committed?.item);
    let stored = committed;
    if (promotion.stable) {
      const { id, revision } = await upsertConfig(client, promotion.stable.item);
      await appendHistory(client, promotion.stable.history);
      stored = { item: withId(promotion.stable.item, id), revision };
    }
    if (!stored) throw new Error('nothing to write and nothing stored');
    await appendHistory(client, promotion.grayHistory);
    if (promotion.audit) await insertAuditRows(client, [promotion.audit]);
    await notifyChange(client, db, { kind: 'config', key });
    return { stored, written: promotion.stable !== null, removed: gray };
  });
}

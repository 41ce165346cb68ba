import { MAX_HISTORY_ITEMS } from './config-record.js';
import type { TransferHistoryItem } from './transfer-model.js';

/** A row of nacos's `his_config_info`. */
export interface NacosHistoryRow {
  /** 'I' insert, 'U' update, 'D' delete (nacos pads the column). */
  opType: string;
  content: string;
  /** When the change happened, epoch ms. */
  time: number;
  srcUser?: string;
}

/**
 * Rebuilds "the value after each change" from nacos history, whose rows hold the value *before* each
 * change: an 'I' row holds the inserted value, a 'U' row the value it replaced, a 'D' row the value removed.
 * So the value set by update k is the content of the next update row, or the current content for the last.
 * Only the config's current life counts (rows after its last delete). The value before the oldest kept
 * update has no known time and is left out. `rows` is oldest first; the result ends with `current`.
 */
export function replayNacosHistory(
  rows: NacosHistoryRow[],
  current: { content: string; time: number },
): TransferHistoryItem[] {
  let start = 0;
  rows.forEach((row, index) => {
    if (row.opType.trim() === 'D') start = index + 1;
  });
  const life = rows.slice(start);
  const items: TransferHistoryItem[] = [];
  life.forEach((row, index) => {
    const op = row.opType.trim();
    if (op === 'I') items.push({ content: row.content, lastTime: row.time, opUser: row.srcUser || undefined });
    else if (op === 'U') {
      const next = life[index + 1];
      const after = next && next.opType.trim() === 'U' ? next.content : current.content;
      items.push({ content: after, lastTime: row.time, opUser: row.srcUser || undefined });
    }
  });
  const last = items.at(-1);
  if (!last || last.content !== current.content) {
    items.push({ content: current.content, lastTime: Math.max(current.time, last?.lastTime ?? 0) });
  }
  return items.slice(-MAX_HISTORY_ITEMS).map((item, index) => ({ id: index + 1, ...item }));
}

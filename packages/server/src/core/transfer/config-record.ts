import { canonicalTenant, parseConfigKey } from '../config/config-key.js';
import { HISTORY_KEPT_PER_CONFIG } from '../config/config-model.js';
import type { TransferConfig, TransferHistoryItem } from './transfer-model.js';
import { isUtf8 } from 'node:buffer';
import { ConfigValueBytesMessage, ConfigValueMessage, decodeMessage, encodeMessage } from './transfer-proto.js';

const SEPARATOR = '\u0002';
/** History items per config in a transfer file: what the store keeps. */
export const MAX_HISTORY_ITEMS = HISTORY_KEPT_PER_CONFIG;

/** `dataId \x02 group`, plus `\x02 tenant` outside the default namespace. */
export function configRecordKey(config: Pick<TransferConfig, 'dataId' | 'group' | 'namespaceId'>): string {
  const base = `${config.dataId}${SEPARATOR}${config.group}`;
  return config.namespaceId === '' ? base : `${base}${SEPARATOR}${config.namespaceId}`;
}

export function parseConfigRecordKey(key: string): { dataId: string; group: string; namespaceId: string } {
  const parts = key.split(SEPARATOR);
  if (parts.length < 2 || parts.length > 3) {
    throw new Error(`config key ${JSON.stringify(key)} is not "dataId\\x02group[\\x02tenant]"`);
  }
  const tenant = canonicalTenant(parts[2]);
  try {
    const parsed = parseConfigKey({ dataId: parts[0], group: parts[1], tenant });
    return { dataId: parsed.dataId, group: parsed.group, namespaceId: parsed.namespaceId };
  } catch (err) {
    throw new Error(`config key ${JSON.stringify(key)}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

export function encodeConfigValue(config: TransferConfig): Uint8Array {
  const value: Record<string, unknown> = {
    content: config.content,
    histories: config.histories.slice(-MAX_HISTORY_ITEMS).map(historyToMessage),
  };
  if (config.type) value.config_type = config.type;
  if (config.desc) value.desc = config.desc;
  return encodeMessage(ConfigValueMessage, value);
}

function historyToMessage(item: TransferHistoryItem): Record<string, unknown> {
  const message: Record<string, unknown> = { content: item.content, last_time: item.lastTime };
  if (item.id !== undefined) message.id = item.id;
  if (item.opUser) message.op_user = item.opUser;
  return message;
}

interface HistoryMessage {
  id?: number;
  content?: string;
  last_time?: number;
  op_user?: string;
}

/** Throws unless the content and every history content are UTF-8 (a text decoder would replace the bytes). */
function checkUtf8Contents(value: Uint8Array): void {
  const raw = decodeMessage(ConfigValueBytesMessage, value) as {
    content?: Uint8Array;
    histories?: { content?: Uint8Array }[];
  };
  if (raw.content && !isUtf8(raw.content)) throw new Error('the config content is not valid UTF-8');
  if (raw.histories?.some((h) => h.content && !isUtf8(h.content))) {
    throw new Error('a history content of the config is not valid UTF-8');
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeConfigRecord(key: Uint8Array, value: Uint8Array): TransferConfig {
  let keyText: string;
  try {
    keyText = utf8.decode(key);
  } catch {
    throw new Error('the config key is not valid UTF-8');
  }
  const parsed = parseConfigRecordKey(keyText);
  checkUtf8Contents(value);
  const raw = decodeMessage(ConfigValueMessage, value);
  const histories = ((raw.histories as HistoryMessage[] | undefined) ?? []).map((h): TransferHistoryItem => ({
    id: h.id,
    content: h.content ?? '',
    lastTime: Number(h.last_time ?? 0),
    opUser: h.op_user,
  }));
  const content = (raw.content as string | undefined) ?? histories.at(-1)?.content ?? '';
  return {
    ...parsed,
    content,
    histories,
    type: raw.config_type as string | undefined,
    desc: raw.desc as string | undefined,
  };
}

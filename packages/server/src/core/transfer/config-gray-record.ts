import { isUtf8 } from 'node:buffer';
import {
  betaRule,
  grayExpression,
  grayNameOf,
  grayRuleText,
  parseGrayRuleText,
  tagRule,
} from '../config/config-gray.js';
import { configRecordKey, parseConfigRecordKey } from './config-record.js';
import type { TransferGray } from './transfer-model.js';
import { ConfigGrayBytesMessage, ConfigGrayMessage, decodeMessage, encodeMessage } from './transfer-proto.js';

/** A `T_CONFIG_GRAY` record's key: its config's `T_CONFIG` key. */
export const grayRecordKey = configRecordKey;

export function encodeGrayValue(gray: TransferGray): Uint8Array {
  return encodeMessage(ConfigGrayMessage, {
    gray_name: gray.grayName,
    gray_rule: grayRuleText(gray.rule),
    content: gray.content,
    config_type: gray.type ?? '',
    desc: gray.desc ?? '',
    last_time: gray.lastTime,
    op_user: gray.opUser ?? '',
    encrypted_data_key: gray.encryptedDataKey ?? '',
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes and validates a gray release: its rule as a publish would check it, named as nacos names it. */
export function decodeGrayRecord(key: Uint8Array, value: Uint8Array): TransferGray {
  let keyText: string;
  try {
    keyText = utf8.decode(key);
  } catch {
    throw new Error('the config key is not valid UTF-8');
  }
  const configKey = parseConfigRecordKey(keyText);
  const raw = decodeMessage(ConfigGrayBytesMessage, value) as { content?: Uint8Array };
  if (raw.content && !isUtf8(raw.content)) throw new Error('the gray content is not valid UTF-8');
  const m = decodeMessage(ConfigGrayMessage, value) as Record<string, string | number | undefined>;
  let parsed;
  try {
    parsed = parseGrayRuleText(String(m.gray_rule ?? ''));
  } catch {
    throw new Error(`the gray rule is not a beta or tag rule: ${JSON.stringify(m.gray_rule ?? '')}`);
  }
  const rule = parsed.type === 'beta' ? betaRule(grayExpression(parsed)) : tagRule(parsed.tag);
  const grayName = String(m.gray_name ?? '');
  if (grayName !== grayNameOf(rule)) {
    throw new Error(`gray name ${JSON.stringify(grayName)} does not match its rule (${grayNameOf(rule)})`);
  }
  const text = (field: string) => (m[field] ? String(m[field]) : undefined);
  return {
    ...configKey,
    grayName,
    rule,
    content: String(m.content ?? ''),
    type: text('config_type'),
    desc: text('desc'),
    lastTime: Number(m.last_time ?? 0),
    opUser: text('op_user'),
    encryptedDataKey: text('encrypted_data_key'),
  };
}

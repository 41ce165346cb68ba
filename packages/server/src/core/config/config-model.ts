import type { AuditDoor } from '../audit/audit-model.js';
import { hash } from 'node:crypto';
import { invalid } from '../../shared/errors.js';
import type { ConfigKey } from './config-key.js';

const CONFIG_TYPES = ['text', 'json', 'xml', 'yaml', 'html', 'properties', 'toml'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** Unknown or blank types are stored as `text`; `yml` is accepted for `yaml`. */
export function normalizeConfigType(type: string | undefined): ConfigType {
  const t = (type ?? '').trim().toLowerCase();
  if (t === 'yml') return 'yaml';
  return (CONFIG_TYPES as readonly string[]).includes(t) ? (t as ConfigType) : 'text';
}

/** Lowercase hex MD5 of the UTF-8 bytes, as every nacos client computes it. */
export function md5Hex(content: string): string {
  return hash('md5', content, 'hex'); // strings hash as UTF-8
}

/** Attributes a client may set on publish besides the content. */
export interface ConfigAttributes {
  type: ConfigType;
  desc: string;
  appName: string;
  configTags: string;
}

/** The longest `encryptedDataKey` accepted (nacos stores it in a varchar(1024)). */
export const MAX_ENCRYPTED_DATA_KEY_CHARS = 1024;

/**
 * Refuses an `encryptedDataKey` a client could not be given back: longer than
 * `MAX_ENCRYPTED_DATA_KEY_CHARS`, or with a character outside printable ASCII (it goes back in an HTTP
 * header; the encryption plugins send base64).
 */
export function checkEncryptedDataKey(key: string): void {
  if (key.length > MAX_ENCRYPTED_DATA_KEY_CHARS) {
    throw invalid(
      `encryptedDataKey is too long: ${key.length} characters, the limit is ${MAX_ENCRYPTED_DATA_KEY_CHARS}`,
    );
  }
  if (!/^[\x20-\x7e]*$/.test(key)) throw invalid('encryptedDataKey must be printable ASCII');
}

export interface ConfigItem extends ConfigKey, ConfigAttributes {
  id: number;
  content: string;
  md5: string;
  /**
   * The data key a client's config encryption plugin published with the content (`cipher-*` dataIds),
   * returned with it; "" for a plain config. Not part of the md5, which is of the content only.
   */
  encryptedDataKey: string;
  createdAt: number;
  modifiedAt: number;
  srcUser: string;
  srcIp: string;
}

/**
 * The stored item of a written config: its fields with the id the store gave it. Field by field, not
 * `{ ...item, id }`: on Node 20 a spread followed by more properties builds a slow object that outlives the
 * young generation, and every publish makes one.
 */
export function withId(item: Omit<ConfigItem, 'id'>, id: number): ConfigItem {
  return {
    id,
    namespaceId: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    content: item.content,
    md5: item.md5,
    encryptedDataKey: item.encryptedDataKey,
    type: item.type,
    desc: item.desc,
    appName: item.appName,
    configTags: item.configTags,
    createdAt: item.createdAt,
    modifiedAt: item.modifiedAt,
    srcUser: item.srcUser,
    srcIp: item.srcIp,
  };
}

export type HistoryOp = 'I' | 'U' | 'D';

/** History entries kept per config (as r-nacos keeps); older ones are dropped as new ones arrive. */
export const HISTORY_KEPT_PER_CONFIG = 100;

/** One change of a config, with the value after the change (for a delete: the value removed). */
export interface ConfigHistoryEntry extends ConfigKey, ConfigAttributes {
  id: number;
  content: string;
  md5: string;
  /** The version's data key ("" for a plain config). */
  encryptedDataKey: string;
  op: HistoryOp;
  srcIp: string;
  srcUser: string;
  createdAt: number;
  /** nacos's `publishType`: a change of the stable config (`formal`, the default) or of a gray version. */
  publishType?: PublishType;
  /** The gray version's name (`beta`, `tag_<tag>`) for a `gray` entry; "" otherwise. */
  grayName?: string;
}

export type PublishType = 'formal' | 'gray';

/** Who made a change; recorded in history, and (with a door) in the audit trail. */
export interface ChangeSource {
  srcIp?: string;
  /** As the client states it (history's `src_user`). */
  srcUser?: string;
  /** The door the write came through: set, the write gets an audit row. */
  door?: AuditDoor;
  /** The authenticated user, for the audit row (anonymous when none). */
  actor?: string | null;
}

/** A publish of a config's content and attributes. */
export interface PublishInput extends ConfigKey {
  content: string;
  type?: string;
  desc?: string;
  appName?: string;
  configTags?: string;
  /**
   * The data key of an encrypted config ("" for none). It goes with the content, as nacos stores it: an SDK
   * publish names it or clears it. Left out (the console), the stored key is kept while the content is the
   * same and dropped with a new content.
   */
  encryptedDataKey?: string;
  /** Compare-and-set: publish only if the current md5 equals this (a missing config always matches). */
  casMd5?: string;
  /** Write only when no such config is stored (a stored one is left as it is). */
  ifAbsent?: boolean;
}

/** Whether two configs hold the same content and attributes (who wrote them and when aside). */
export function sameConfigValue(a: Omit<ConfigItem, 'id'>, b: Omit<ConfigItem, 'id'>): boolean {
  return (
    a.content === b.content &&
    a.encryptedDataKey === b.encryptedDataKey &&
    a.type === b.type &&
    a.desc === b.desc &&
    a.appName === b.appName &&
    a.configTags === b.configTags
  );
}

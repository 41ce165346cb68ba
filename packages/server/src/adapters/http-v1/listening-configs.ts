import { configKeyString, parseConfigKey } from '../../core/config/config-key.js';
import { invalid } from '../../shared/errors.js';

/** One record of `Listening-Configs`, keeping the client's own strings to echo them back. */
export interface ListenEntry {
  dataId: string;
  group: string;
  /** The tenant exactly as the client sent it ("" when it sent none). */
  tenant: string;
  md5: string;
  keyString: string;
}

const RECORD_SEPARATOR = '\u0001';
const FIELD_SEPARATOR = '\u0002';
const MAX_LISTEN_ENTRIES = 10_000;

/**
 * Parses `dataId ^B group ^B md5 [^B tenant] ^A ...` (md5 comes before tenant). Throws an `invalid` error
 * naming the malformed record.
 */
export function parseListeningConfigs(value: string | undefined): ListenEntry[] {
  if (!value || value.trim() === '') throw invalid('invalid probeModify: Listening-Configs is empty');
  const records = value.split(RECORD_SEPARATOR).filter((r) => r !== '');
  if (records.length > MAX_LISTEN_ENTRIES) {
    throw invalid(`invalid probeModify: more than ${MAX_LISTEN_ENTRIES} configs in one request`);
  }
  return records.map((record, i) => {
    const fields = record.split(FIELD_SEPARATOR);
    if (fields.length !== 3 && fields.length !== 4) {
      throw invalid(`invalid probeModify: record ${i + 1} has ${fields.length} fields, expected 3 or 4`);
    }
    const [dataId, group, md5, tenant = ''] = fields;
    const key = parseConfigKey({ dataId, group, tenant });
    return { dataId, group, tenant, md5, keyString: configKeyString(key) };
  });
}

/** The response body: changed keys as the client sent them, URL-encoded. */
export function encodeChangedConfigs(entries: ListenEntry[]): string {
  const lines = entries.map((e) =>
    e.tenant
      ? `${e.dataId}${FIELD_SEPARATOR}${e.group}${FIELD_SEPARATOR}${e.tenant}${RECORD_SEPARATOR}`
      : `${e.dataId}${FIELD_SEPARATOR}${e.group}${RECORD_SEPARATOR}`,
  );
  return encodeURIComponent(lines.join(''));
}

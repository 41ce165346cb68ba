/** The content types the server knows (anything else is stored as text). */
export const CONFIG_TYPES = ['text', 'json', 'xml', 'yaml', 'html', 'properties', 'toml'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

export const DEFAULT_GROUP = 'DEFAULT_GROUP';

/** Normalises a stored or guessed type ("yml" -> "yaml", unknown -> "text"). */
export function normalizeConfigType(value: string | null | undefined): ConfigType {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'yml') return 'yaml';
  return (CONFIG_TYPES as readonly string[]).includes(v) ? (v as ConfigType) : 'text';
}

/** The type a new config probably has, from its dataId's extension. */
export function typeFromDataId(dataId: string): ConfigType | null {
  const dot = dataId.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = normalizeConfigType(dataId.slice(dot + 1));
  return ext === 'text' && dataId.slice(dot + 1).toLowerCase() !== 'text' ? null : ext;
}

/** dataId and group: letters, digits and _ - . : (what the server accepts). */
export const CONFIG_KEY_PATTERN = /^[\p{L}\p{N}_\-.:]+$/u;

/** A setting's documentation row: `--help`, docs/settings.md and the start-up notices all read these. */
export interface SettingDef {
  env: string;
  aliases?: string[];
  describe: string;
  defaultText: string;
}

export class SettingsError extends Error {}

export type SettingSource = Record<string, string | undefined>;

/**
 * What each area's loader reads its settings with: values trimmed, blank counting as unset, and every
 * invalid value failing with a SettingsError that names the setting.
 */
export interface SettingReader {
  /** The environment as given (for derived defaults such as XDG_DATA_HOME). */
  source: SettingSource;
  get: (env: string) => string | undefined;
  bool: (env: string, fallback: boolean) => boolean;
  whole: (env: string, fallback: number, min: number, max: number) => number;
  optionalWhole: (env: string, min: number, max: number) => number | undefined;
  fail: (message: string) => never;
}

export function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value)) throw new SettingsError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new SettingsError(`${name} must be between ${min} and ${max}, got ${value}`);
  return n;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const v = value.toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new SettingsError(`${name} must be true or false, got "${value}"`);
}

/** A reader of `source` knowing the names (and aliases) `defs` declare. */
export function settingReader(source: SettingSource, defs: readonly SettingDef[]): SettingReader {
  const byName = new Map(defs.map((d) => [d.env, d]));
  const get = (env: string): string | undefined => {
    const def = byName.get(env);
    for (const name of [env, ...(def?.aliases ?? [])]) {
      const value = source[name]?.trim();
      if (value) return value;
    }
    return undefined;
  };
  const whole = (env: string, fallback: number, min: number, max: number) => {
    const v = get(env);
    return v === undefined ? fallback : integer(env, v, min, max);
  };
  return {
    source,
    get,
    bool: (env, fallback) => parseBoolean(env, get(env), fallback),
    whole,
    optionalWhole: (env, min, max) => {
      const v = get(env);
      return v === undefined ? undefined : integer(env, v, min, max);
    },
    fail: (message) => {
      throw new SettingsError(message);
    },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { SETTING_DEFS, flagName, loadSettings, type Settings } from './settings.js';

/**
 * Environment for the settings: the process environment, then `--env-file` (or `.env` in the working
 * directory) for names the environment lacks, then command-line flags over both.
 */
export function resolveEnvironment(
  flags: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...env };
  const envFile = flags.envFile ?? (existsSync(path.join(cwd, '.env')) ? path.join(cwd, '.env') : undefined);
  if (envFile) {
    let text: string;
    try {
      text = readFileSync(path.resolve(cwd, envFile), 'utf8');
    } catch (err) {
      throw new Error(`cannot read env file ${envFile}: ${(err as Error).message}`, { cause: err });
    }
    // Node's own parser of the dotenv format (quotes, multi-line values, comments, `export`)
    for (const [k, v] of Object.entries(parseEnv(text))) if (!merged[k]?.trim()) merged[k] = v;
  }
  for (const def of SETTING_DEFS) {
    const camel = flagName(def.env).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    if (flags[camel] !== undefined) merged[def.env] = flags[camel];
  }
  return merged;
}

/** This process's environment, its env file and the given command-line flags, merged. */
export function environmentFromFlags(
  flags: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return resolveEnvironment(flags, process.env, process.cwd());
}

/** The settings from this process's environment, its env file and the given command-line flags. */
export function settingsFromFlags(flags: Record<string, string | undefined> = {}): Settings {
  return loadSettings(environmentFromFlags(flags));
}

import type { Settings } from '../settings.js';

/** Resolves the settings (environment, env file, flags) of a command that works on the data directory. */
export type StoreSettingsLoader = (flags: { dataDir?: string; envFile?: string }) => Settings;

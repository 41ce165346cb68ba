/** Probing of persistent instances (docs/operations.md "Health checks of persistent instances"). */
export const NAMING_PROBE_SETTING_DEFS: { env: string; describe: string; defaultText: string }[] = [
  {
    env: 'RNACOS_NAMING_PERPETUAL_INSTANCE_PROBE_INTERVAL_SECOND',
    describe: 'seconds between probes of persistent instances (1 to 4 count as 5); 0 or less: no probes',
    defaultText: '60',
  },
];

/** As r-nacos: an interval below 5 s is raised to 5 s, and 0 or a negative number turns probing off. */
const MIN_INTERVAL_SECONDS = 5;
const MAX_INTERVAL_SECONDS = 86_400;

/** The probe interval in ms; 0 when probing is off. */
export function loadProbeIntervalMs(
  get: (env: string) => string | undefined,
  fail: (message: string) => never,
): number {
  const env = NAMING_PROBE_SETTING_DEFS[0].env;
  const raw = get(env);
  if (raw === undefined) return 60_000;
  if (!/^-?\d+$/.test(raw)) fail(`${env} must be a whole number of seconds, got "${raw}"`);
  const seconds = Number(raw);
  if (seconds <= 0) return 0;
  if (seconds > MAX_INTERVAL_SECONDS) fail(`${env} must be at most ${MAX_INTERVAL_SECONDS}, got ${raw}`);
  return Math.max(seconds, MIN_INTERVAL_SECONDS) * 1000;
}

// `npm run chaos -- --minutes N [--seed S]`: the cluster fault-injection test, run longer than in `npm test`
// (faults for N minutes), or replaying a seed a failure printed.
import { parseArgs } from 'node:util';
import { ensureInstalled, run } from './ensure-install.mjs';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '5' }, seed: { type: 'string' } },
});
const minutes = Number(values.minutes);
if (!(minutes > 0)) {
  console.error(`--minutes must be a positive number, got ${values.minutes}`);
  process.exit(2);
}
ensureInstalled();
const env = { ...process.env, CHAOS_MINUTES: String(minutes) };
if (values.seed !== undefined) env.CHAOS_SEED = values.seed;
run('npx', ['vitest', 'run', 'packages/server/test/cluster/chaos.test.ts'], { env });

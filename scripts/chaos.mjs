// `npm run chaos -- --minutes N [--seed S] [--faults kill9,cut-node-db,...] [--server <dist>/main.js]`: the
// cluster fault-injection test, run longer than in `npm test` (faults for N minutes), replaying a seed a
// failure printed, with only some kinds of fault, or against another build of the server.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureInstalled, run } from './ensure-install.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    seed: { type: 'string' },
    faults: { type: 'string' },
    server: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
if (!(minutes > 0)) {
  console.error(`--minutes must be a positive number, got ${values.minutes}`);
  process.exit(2);
}
ensureInstalled();
const env = { ...process.env, CHAOS_MINUTES: String(minutes) };
if (values.seed !== undefined) env.CHAOS_SEED = values.seed;
if (values.faults !== undefined) env.CHAOS_FAULTS = values.faults;
if (values.server !== undefined) env.CHAOS_SERVER = path.resolve(values.server);
run('npx', ['vitest', 'run', 'packages/server/test/cluster/chaos.test.ts'], { env });

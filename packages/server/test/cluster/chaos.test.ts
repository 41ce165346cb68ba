import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { startPostgres } from '../postgres-server.js';
import { runChaos } from './chaos/chaos-run.js';
import { FAULT_KINDS, type FaultKind } from './chaos/fault-scheduler.js';
import { formatViolations } from './chaos/violation.js';

/**
 * The cluster's guarantees under faults, checked from a recorded history (see chaos/chaos-run.ts): three
 * nodes on a real PostgreSQL, SDK-like clients and the Python SDK on both doors, nodes killed, stopped
 * and frozen, a node cut off from the database, the database frozen, slowed down and restarted, clients
 * moved with reloadCurrent. `CHAOS_SEED` replays a run's choices; `CHAOS_MINUTES` (or `npm run chaos --
 * --minutes N`) runs the faults longer than the 40 s of `npm test`; `CHAOS_FAULTS` (a comma list) picks
 * the kinds of fault; `CHAOS_SERVER` runs the nodes from another build's `dist/main.js`.
 */
const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomInt(1, 2 ** 31);
const minutes = Number(process.env.CHAOS_MINUTES ?? 0);
const faultMs = minutes > 0 ? minutes * 60_000 : 40_000;
const settleMs = 60_000;
const faults = process.env.CHAOS_FAULTS?.split(',').map((kind) => {
  if (!(FAULT_KINDS as readonly string[]).includes(kind))
    throw new Error(`CHAOS_FAULTS: no fault ${kind} (known: ${FAULT_KINDS.join(', ')})`);
  return kind as FaultKind;
});
const serverMain = process.env.CHAOS_SERVER;

const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster fault test skipped: ${pg}`);
afterAll(async () => {
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('a 3-node cluster under faults', () => {
  it(
    `keeps every acknowledged write and converges (seed ${seed})`,
    async () => {
      if (typeof pg === 'string') return;
      const against = serverMain ? ` against ${serverMain}` : '';
      const kinds = faults ? ` with faults ${faults.join(', ')}` : '';
      console.log(`cluster fault test: seed ${seed} (replay with CHAOS_SEED=${seed})${kinds}${against}`);
      const dbUrl = await pg.createDatabase('chaos');
      const log = (line: string) => console.log(line);
      const result = await runChaos(pg, dbUrl, { seed, faultMs, settleMs, log, faults, serverMain });
      console.log(result.summary);
      if (result.violations.length > 0) {
        // the whole history and every node's output, for a closer look than the message gives
        const dir = path.join(os.tmpdir(), `tsnacos-chaos-${seed}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'history.json'), JSON.stringify(result.history, null, 1));
        writeFileSync(path.join(dir, 'violations.json'), JSON.stringify(result.violations, null, 1));
        for (const [id, log] of result.nodeLogs) writeFileSync(path.join(dir, `node-${id}.log`), log);
        if (result.sdkLog) writeFileSync(path.join(dir, 'python-sdk.log'), result.sdkLog);
        throw new Error(
          `seed ${seed} (replay with CHAOS_SEED=${seed}): ${formatViolations(result.violations)}\n${result.summary}\nhistory and node logs: ${dir}`,
        );
      }
    },
    faultMs + settleMs + 180_000,
  );
});

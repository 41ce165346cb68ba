import type { ProbeResult } from '../outbound/outbound-probe.js';
import type { Logger } from '../../shared/logger.js';
import { checkSpecOf, type CheckSpec } from './persistent-check-spec.js';
import { serviceKeyString, type Instance, type ServiceKey } from './naming-model.js';
import type { NamingService } from './naming-service.js';
import { instanceIdentity } from './service-entry.js';

/** How the prober reaches instances (the outbound probe door; tests may pass their own). */
export interface ProbeDoor {
  tcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult>;
  httpGet(target: Extract<CheckSpec, { type: 'HTTP' }>, timeoutMs: number): Promise<ProbeResult>;
}

export interface PersistentProbeOptions {
  intervalMs: number;
  /** Per probe; default a third of the interval, at most 3 s: a round ends well before the next. */
  timeoutMs?: number;
  /** Sockets open at once. */
  concurrency?: number;
  /** In a cluster, asked once a round: which instances this node probes (one node each); default all. */
  ownership?: () => (instanceKey: string) => boolean;
  logger?: Logger;
}

export interface ProbeRound {
  probed: number;
  /** Probed and found down (whether or not that changed their health). */
  down: number;
  /** NONE checks, other nodes' instances, refused addresses. */
  skipped: number;
  markedUnhealthy: number;
  markedHealthy: number;
  durationMs: number;
}

interface Target {
  key: ServiceKey;
  instance: Instance;
  spec: Exclude<CheckSpec, { type: 'NONE' }>;
}

export const DEFAULT_PROBE_CONCURRENCY = 256;
/** Refused addresses remembered so each is logged once (bounded: a registry can hold many). */
const MAX_REFUSALS_LOGGED = 1_000;

/**
 * Health of persistent instances, which nobody beats for: every interval each one is probed (TCP connect,
 * or an HTTP GET when its cluster says so) and its health is changed when the answer differs, through the
 * same write as a maintain-API health edit, so the change is stored and pushed. A healthy instance whose
 * probe fails is probed once more at once before it is marked unhealthy.
 */
export class PersistentProber {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<ProbeRound> | undefined;
  private readonly timeoutMs: number;
  private readonly refusalsLogged = new Set<string>();
  /** The last finished round (metrics). */
  lastRound: ProbeRound | undefined;

  constructor(
    private readonly naming: NamingService,
    private readonly door: ProbeDoor,
    private readonly options: PersistentProbeOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? Math.max(100, Math.min(3_000, Math.floor(options.intervalMs / 3)));
  }

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => {
      this.round().catch((err: unknown) => this.options.logger?.error({ err }, 'persistent probe round failed'));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Resolves once no probe runs and nothing more will be written (the store may close then). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over every persistent instance; a pass still running is joined, never doubled. */
  round(): Promise<ProbeRound> {
    this.running ??= this.probeAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async probeAll(): Promise<ProbeRound> {
    const started = performance.now();
    const report: ProbeRound = { probed: 0, down: 0, skipped: 0, markedUnhealthy: 0, markedHealthy: 0, durationMs: 0 };
    const targets: Target[] = [];
    const owns = this.options.ownership?.();
    for (const { key, metadata, instance } of this.naming.persistentInstances()) {
      const spec = checkSpecOf(metadata, instance);
      const owned = owns?.(instanceKey(key, instance)) ?? true;
      if (spec.type === 'NONE' || !owned) report.skipped++;
      else targets.push({ key, instance, spec });
    }
    await eachLimited(targets, this.options.concurrency ?? DEFAULT_PROBE_CONCURRENCY, async (target) => {
      // a server stopping does not wait for the rest of a round
      if (this.stopped) return;
      let result = await this.probe(target);
      // tried again only before it would turn unhealthy: one lost connect does not flip it
      if (result === 'down' && target.instance.healthy) result = await this.probe(target);
      if (result !== 'up' && result !== 'down') {
        report.skipped++;
        return this.logRefusal(target, result.refused);
      }
      report.probed++;
      if (result === 'down') report.down++;
      const changed = await this.record(target, result === 'up');
      if (changed && result === 'up') report.markedHealthy++;
      else if (changed) report.markedUnhealthy++;
    });
    report.durationMs = performance.now() - started;
    this.lastRound = report;
    return report;
  }

  private probe({ spec }: Target): Promise<ProbeResult> {
    return spec.type === 'HTTP'
      ? this.door.httpGet(spec, this.timeoutMs)
      : this.door.tcp(spec.host, spec.port, this.timeoutMs);
  }

  /** Writes the health when it differs from what the instance has now (it may have changed meanwhile). */
  private async record({ key, instance }: Target, healthy: boolean): Promise<boolean> {
    const current = this.naming.getInstance(key, instance);
    if (this.stopped || !current || current.owner.kind !== 'persistent' || current.healthy === healthy) return false;
    try {
      await this.naming.patchInstance(key, instance, { healthy });
      return true;
    } catch (err) {
      // deregistered meanwhile, or the store is down: the next round tries again
      this.options.logger?.debug({ err, ip: instance.ip, port: instance.port }, 'probe result not recorded');
      return false;
    }
  }

  private logRefusal({ instance }: Target, why: string): void {
    const address = `${instance.ip}:${instance.port}`;
    if (this.refusalsLogged.has(address) || this.refusalsLogged.size >= MAX_REFUSALS_LOGGED) return;
    this.refusalsLogged.add(address);
    this.options.logger?.warn({ address }, `persistent instance not probed: ${why}`);
  }
}

/** The instance's key across the cluster: service and (ip, port, cluster). */
export function instanceKey(key: ServiceKey, instance: Instance): string {
  return `${serviceKeyString(key)}\u0002${instanceIdentity(instance.ip, instance.port, instance.clusterName)}`;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { memoryLimitBytes, SYSTEM_CGROUP_PATHS, type CgroupPaths } from './memory-limit.js';

const MB = 1024 * 1024;

/** Virtual memory size on Linux (`VmSize`); 0 where /proc is not there. */
function virtualMemoryBytes(): number {
  try {
    const match = /^VmSize:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU and memory of this process; CPU is the share of one core used since the previous reading, memory a
 * share of what the process may use (its cgroup limit in a container, else the machine's memory).
 */
export class ProcessGauges {
  private lastCpu = process.cpuUsage();
  private lastAt = performance.now();

  constructor(private readonly cgroup: CgroupPaths = SYSTEM_CGROUP_PATHS) {}

  read(): Record<string, number> {
    const cpu = process.cpuUsage();
    const at = performance.now();
    const usedMs = (cpu.user - this.lastCpu.user + cpu.system - this.lastCpu.system) / 1000;
    const cpuPercent = at > this.lastAt ? (usedMs / (at - this.lastAt)) * 100 : 0;
    this.lastCpu = cpu;
    this.lastAt = at;
    const rss = process.memoryUsage.rss();
    const total = os.totalmem();
    // read each time: a container's limit can be changed while it runs
    const limit = memoryLimitBytes(total, this.cgroup);
    return {
      sys_total_memory: round(total / MB),
      app_memory_limit: round(limit / MB),
      app_rss_memory: round(rss / MB),
      app_vms_memory: round(virtualMemoryBytes() / MB),
      app_memory_usage: round((rss / limit) * 100),
      app_cpu_usage: round(cpuPercent),
    };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

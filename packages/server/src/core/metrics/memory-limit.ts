import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the kernel shows this process's control groups; tests point these at a fake tree. */
export interface CgroupPaths {
  /** The cgroup file system (`/sys/fs/cgroup`). */
  root: string;
  /** This process's cgroup membership (`/proc/self/cgroup`). */
  self: string;
}

export const SYSTEM_CGROUP_PATHS: CgroupPaths = { root: '/sys/fs/cgroup', self: '/proc/self/cgroup' };

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** A limit in bytes, or undefined for "max", an unreadable file, or v1's "no limit" (a huge number). */
function limitIn(file: string, hostBytes: number): number | undefined {
  const text = readText(file);
  if (!text || text === 'max' || !/^\d+$/.test(text)) return undefined;
  const bytes = Number(text);
  return bytes > 0 && bytes < hostBytes ? bytes : undefined;
}

/** This process's own cgroup directory under the root (v2: the `0::/path` line), if any. */
function ownCgroup(paths: CgroupPaths): string | undefined {
  const line = readText(paths.self)
    ?.split('\n')
    .find((l) => l.startsWith('0::'));
  const own = line?.slice(3);
  return own && own !== '/' ? path.join(paths.root, own) : undefined;
}

/**
 * The memory this process may use: the cgroup limit when one is set (a container, a systemd `MemoryMax=`),
 * else the host's memory. cgroup v2 (`memory.max`, in the process's own cgroup or at the root as seen in a
 * container), then v1 (`memory/memory.limit_in_bytes`).
 */
export function memoryLimitBytes(hostBytes: number, paths: CgroupPaths = SYSTEM_CGROUP_PATHS): number {
  const own = ownCgroup(paths);
  const candidates = [
    ...(own ? [path.join(own, 'memory.max')] : []),
    path.join(paths.root, 'memory.max'),
    path.join(paths.root, 'memory', 'memory.limit_in_bytes'),
  ];
  for (const file of candidates) {
    const limit = limitIn(file, hostBytes);
    if (limit !== undefined) return limit;
  }
  return hostBytes;
}

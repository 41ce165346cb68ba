import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './deploy-kit.js';

/** podman with the repository's containers.conf (runc, the host's limits and network: these machines). */
export const PODMAN_ENV = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(REPO_ROOT, 'deploy/container/containers.conf'),
};

export function podman(...args: string[]): string {
  const res = spawnSync('podman', args, { env: PODMAN_ENV, encoding: 'utf8', timeout: 120_000 });
  if (res.status !== 0) {
    throw new Error(`podman ${args.join(' ')} failed (${res.status ?? res.error?.message}):\n${res.stderr}`);
  }
  return res.stdout.trim();
}

/** Like podman(), for clean-up: whatever was left or already gone. */
export function podmanQuiet(...args: string[]): void {
  spawnSync('podman', args, { env: PODMAN_ENV, stdio: 'ignore', timeout: 120_000 });
}

/** Why containers cannot run here, or undefined when they can. */
export function whyNoContainers(): string | undefined {
  for (const cmd of ['podman', 'mmdebstrap']) {
    if (spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0) {
      return `${cmd} is not installed (Debian: apt-get install podman runc mmdebstrap catatonit)`;
    }
  }
  const info = spawnSync('podman', ['info'], { env: PODMAN_ENV, encoding: 'utf8', timeout: 60_000 });
  if (info.status !== 0) return `podman cannot run here: ${info.stderr.trim().split('\n').pop()}`;
  return undefined;
}

/** scripts/build-image.sh of the current build: the tsnacos image, and PostgreSQL's for the cluster pod. */
export function buildImages(): void {
  const res = spawnSync('bash', ['scripts/build-image.sh', '--no-build', '--postgres'], {
    cwd: REPO_ROOT,
    env: PODMAN_ENV,
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (res.status !== 0) throw new Error(`build-image.sh failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
}

import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (rel: string) => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));

interface LockEntry {
  engines?: { node?: string };
}

describe('supported Node versions', () => {
  it('every installed package accepts the oldest Node the project promises (npm install warns of none)', () => {
    const promised = read('../../../package.json').engines.node as string;
    const oldest = semver.minVersion(promised)!.version;
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Node.js ${oldest.replace(/\.0$/, '')} or newer`);
    const lock = read('../../../package-lock.json') as { packages: Record<string, LockEntry> };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});

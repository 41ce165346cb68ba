import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (rel: string) => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));

interface LockEntry {
  engines?: { node?: string };
  hasInstallScript?: boolean;
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

  it('every install script in the lockfile is approved or denied in allowScripts (npm 11 warns of none)', () => {
    const allowScripts = read('../../../package.json').allowScripts as Record<string, boolean>;
    const lock = read('../../../package-lock.json') as { packages: Record<string, LockEntry> };
    const unreviewed = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !(name in allowScripts));
    expect(unreviewed).toEqual([]);
    // the SQLite driver compiles its native part in its install script
    expect(allowScripts['better-sqlite3']).toBe(true);
  });
});

// scripts/last-release.mjs: which commit `npm run bench:regress` takes for the last release.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLastRelease, lastRelease, versionChain } from '../../../scripts/last-release.mjs';

const c = (commit: string, root: string | null, server: string | null) => ({ commit, root, server });

describe('lastRelease (a first-parent history, newest first)', () => {
  it('is the root commit while every commit has its version', () => {
    expect(lastRelease([c('c3', null, '0.1.0'), c('c2', null, '0.1.0'), c('c1', null, '0.1.0')])?.commit).toBe('c1');
  });

  it('is the newest commit that changed either version', () => {
    const chain = [
      c('c6', '0.3.0', '0.3.0'),
      c('c5', '0.2.0', '0.3.0'),
      c('c4', '0.2.0', '0.2.0'),
      c('c3', '0.2.0', '0.2.0'),
      c('c2', '0.1.0', '0.1.0'),
      c('c1', null, '0.1.0'),
    ];
    expect(lastRelease(chain)?.commit).toBe('c6');
    expect(lastRelease(chain.slice(1))?.commit).toBe('c5');
    expect(lastRelease(chain.slice(2))?.commit).toBe('c3');
  });

  it('does not count a root version added with the server version it already had, nor a version removed', () => {
    expect(lastRelease([c('c3', '0.1.0', '0.1.0'), c('c2', null, '0.1.0'), c('c1', null, '0.1.0')])?.commit).toBe('c1');
    expect(lastRelease([c('c2', null, null), c('c1', '0.1.0', '0.1.0')])?.commit).toBe('c1');
  });

  it('counts a root version added with another version', () => {
    expect(lastRelease([c('c2', '1.0.0', '0.1.0'), c('c1', null, '0.1.0')])?.commit).toBe('c2');
  });

  it('is null when no commit has a version', () => {
    expect(lastRelease([c('c2', null, null), c('c1', null, null)])).toBeNull();
    expect(lastRelease([])).toBeNull();
  });
});

describe('findLastRelease in a repository', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'last-release-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env }).toString().trim();
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const commit = (message: string) => {
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  const pkg = (version?: string) => JSON.stringify({ name: 'x', ...(version ? { version } : {}) }, null, 2);

  it('follows the first parent, reads each file version and leaves the working tree out', () => {
    git('init', '-q', '-b', 'main');
    write('package.json', pkg());
    write('packages/server/package.json', pkg('0.1.0'));
    const first = commit('first');
    write('README.md', 'a');
    commit('docs');
    write('package.json', pkg('0.1.0'));
    commit('root version');
    expect(findLastRelease(dir)?.commit).toBe(first);

    // a release made on a branch and merged: the merge sets the version on the first-parent history
    git('checkout', '-q', '-b', 'release');
    write('package.json', pkg('0.2.0'));
    write('packages/server/package.json', pkg('0.2.0'));
    commit('0.2.0');
    git('checkout', '-q', 'main');
    write('other.txt', 'b');
    commit('meanwhile');
    git('merge', '-q', '--no-ff', '-m', 'merge the release', 'release');
    const merge = git('rev-parse', 'HEAD');
    write('README.md', 'b');
    commit('after the release');

    expect(findLastRelease(dir)?.commit).toBe(merge);
    expect(versionChain(dir).map((v) => v.server)).toEqual(['0.2.0', '0.2.0', '0.1.0', '0.1.0', '0.1.0', '0.1.0']);
    write('packages/server/package.json', pkg('0.3.0'));
    expect(findLastRelease(dir)?.commit).toBe(merge);
    expect(findLastRelease(dir, first)?.commit).toBe(first);
  });
});

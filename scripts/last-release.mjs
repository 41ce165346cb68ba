// The last release, found by name rather than by hash: the newest commit on HEAD's first-parent history
// (the working tree left out) that set the released version, that is whose root package.json or
// packages/server/package.json version differs from its parent's. `npm run bench:regress` compares the
// working tree with it.
import { execFileSync } from 'node:child_process';

export const VERSION_FILES = ['package.json', 'packages/server/package.json'];

/**
 * The versions a commit releases. A file without a version stands for the other file's: the root
 * package.json had none until it was given packages/server's, and adding it so released nothing.
 */
const released = (c) => ({ root: c.root ?? c.server, server: c.server ?? c.root });

/**
 * The newest release in `chain`: a first-parent history, newest first, each entry's parent the entry after
 * it. That is the first entry whose versions differ from its parent's; the last entry (the root commit)
 * is a release when it has a version. Null when no commit has one.
 * @param {Array<{ commit: string, root: string | null, server: string | null }>} chain
 */
export function lastRelease(chain) {
  for (let i = 0; i < chain.length; i++) {
    const here = released(chain[i]);
    if (here.root === null) continue;
    if (i === chain.length - 1) return chain[i];
    const parent = released(chain[i + 1]);
    if (here.root !== parent.root || here.server !== parent.server) return chain[i];
  }
  return null;
}

const git = (cwd, args, input) =>
  execFileSync('git', args, { cwd, input, maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });

/** `version` of a package.json's text, or null. */
function versionOf(text) {
  try {
    const version = JSON.parse(text).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/**
 * The first-parent history of `head` in the repository at `cwd`, newest first, with the version of both
 * files at each commit (null where a file or its version is missing). Each distinct file content is read
 * once.
 */
export function versionChain(cwd, head = 'HEAD') {
  const commits = git(cwd, ['rev-list', '--first-parent', head]).toString().split('\n').filter(Boolean);
  const specs = commits.flatMap((c) => VERSION_FILES.map((f) => `${c}:${f}`));
  const blobs = git(cwd, ['cat-file', '--batch-check=%(objectname) %(objecttype)'], specs.join('\n') + '\n')
    .toString()
    .split('\n')
    .slice(0, specs.length)
    .map((line) => (line.endsWith(' blob') ? line.split(' ')[0] : null));
  const distinct = [...new Set(blobs.filter((b) => b !== null))];
  const versions = new Map();
  if (distinct.length > 0) {
    // --batch: "<oid> blob <size>\n<content>\n" per object
    const out = git(cwd, ['cat-file', '--batch'], distinct.join('\n') + '\n');
    let at = 0;
    for (const oid of distinct) {
      const eol = out.indexOf(10, at);
      const size = Number(out.subarray(at, eol).toString().split(' ')[2]);
      versions.set(oid, versionOf(out.subarray(eol + 1, eol + 1 + size).toString()));
      at = eol + 1 + size + 1;
    }
  }
  const at = (i) => (blobs[i] === null ? null : (versions.get(blobs[i]) ?? null));
  return commits.map((commit, k) => ({ commit, root: at(2 * k), server: at(2 * k + 1) }));
}

/** The last release of the repository at `cwd`, from HEAD; null when no commit has a version. */
export function findLastRelease(cwd, head = 'HEAD') {
  return lastRelease(versionChain(cwd, head));
}

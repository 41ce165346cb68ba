/** A commit with the version of the root package.json and of packages/server/package.json (see last-release.mjs). */
export interface VersionedCommit {
  commit: string;
  root: string | null;
  server: string | null;
}

export const VERSION_FILES: string[];

/** The newest commit of a first-parent history (newest first) whose versions differ from its parent's. */
export function lastRelease(chain: VersionedCommit[]): VersionedCommit | null;

/** HEAD's (or `head`'s) first-parent history in the repository at `cwd`, newest first, with both versions. */
export function versionChain(cwd: string, head?: string): VersionedCommit[];

/** The last release of the repository at `cwd`: lastRelease(versionChain(cwd, head)). */
export function findLastRelease(cwd: string, head?: string): VersionedCommit | null;

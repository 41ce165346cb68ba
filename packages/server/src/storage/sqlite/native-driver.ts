import Database from 'better-sqlite3';

/**
 * `new Database(...)`, with the one load failure an operator meets explained: a release copies the SQLite
 * driver compiled for the Node.js major that built it, and another major refuses to load it with a message
 * about NODE_MODULE_VERSION numbers.
 */
export function openSqlite(file: string, options?: Database.Options): Database.Database {
  try {
    return new Database(file, options);
  } catch (err) {
    throw explainDriverLoadError(err);
  }
}

/** Node.js majors by their NODE_MODULE_VERSION (process.versions.modules). */
const NODE_MAJOR_BY_ABI: Record<string, string> = { '108': '18', '115': '20', '127': '22', '131': '23', '137': '24' };

export function explainDriverLoadError(err: unknown): unknown {
  const message = err instanceof Error ? err.message : '';
  const abi = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(message);
  if (!abi) return err;
  const built = NODE_MAJOR_BY_ABI[abi[1]] ?? `with NODE_MODULE_VERSION ${abi[1]}`;
  return new Error(
    `the SQLite driver was compiled for Node.js ${built}, and this is Node.js ${process.versions.node}: ` +
      `run tsnacos with Node.js ${built} (a release runs on the Node.js major it was built with, its name says ` +
      `which), or rebuild the driver for this one (npm rebuild better-sqlite3)`,
    { cause: err },
  );
}

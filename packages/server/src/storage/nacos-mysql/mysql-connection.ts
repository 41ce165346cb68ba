/** Connection settings from a MySQL URI, and one-line descriptions of driver and server errors. */

export interface MysqlOptions {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** `mysql://user:password@host:port/database` (also `mariadb://`); the port defaults to 3306. */
export function parseMysqlUri(uri: string): MysqlOptions {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`invalid MySQL URI "${uri}" (expected mysql://user:password@host:port/database)`);
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error(`invalid MySQL URI "${uri}": the scheme must be mysql:// (or mariadb://)`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database)
    throw new Error(`invalid MySQL URI "${uri}": no database name (mysql://user:password@host:port/nacos)`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
  };
}

/** An error raised by the driver or the server (as opposed to one of ours). */
export function isMysqlError(err: unknown): boolean {
  const e = err as { code?: unknown; sqlMessage?: unknown };
  return typeof e?.code === 'string' || typeof e?.sqlMessage === 'string';
}

/** One line naming the cause of a MySQL failure. */
export function describeMysqlError(err: unknown, target: string, database: string): string {
  const e = err as { code?: string; sqlMessage?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return `cannot connect to MySQL at ${target}: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot connect to MySQL at ${target}: unknown host`;
    case 'ETIMEDOUT':
      return `cannot connect to MySQL at ${target}: timed out`;
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return `MySQL at ${target} refused the login: ${e.sqlMessage ?? e.message}`;
    case 'ER_BAD_DB_ERROR':
      return `MySQL at ${target} has no database ${database}`;
    case 'ER_NO_SUCH_TABLE':
    case 'ER_BAD_FIELD_ERROR':
      return `wrong schema: ${e.sqlMessage ?? e.message} (is ${database} a nacos database?)`;
    default:
      return `MySQL at ${target}: ${(e.sqlMessage ?? e.message ?? String(err)).split('\n')[0]}`;
  }
}

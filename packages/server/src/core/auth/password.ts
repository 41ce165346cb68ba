import bcrypt from 'bcryptjs';

/** Cost 10, as r-nacos writes (`$2b$10$`), so exported users stay portable. */
const BCRYPT_COST = 10;

/**
 * bcrypt of `admin`, the well-known default password, hashed once here: the first start on an empty store
 * stores it instead of spending ~60 ms of its start-up on it. Every password set later gets its own salt.
 */
export const DEFAULT_PASSWORD = 'admin';
const DEFAULT_PASSWORD_HASH = '$2b$10$cemkuXXeR/o.jNgvDuUMJOaWKsOG9y.6L8tS4qLV/gvq7rY5ejx8O';

/** The first admin's hash (see DEFAULT_PASSWORD_HASH). */
export function hashInitialPassword(password: string): Promise<string> {
  return password === DEFAULT_PASSWORD ? Promise.resolve(DEFAULT_PASSWORD_HASH) : hashPassword(password);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** False for a malformed hash instead of throwing: stored data may come from an import. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

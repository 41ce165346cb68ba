import bcrypt from 'bcryptjs';

/** Cost 10, as r-nacos writes (`$2b$10$`), so exported users stay portable. */
const BCRYPT_COST = 10;

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

import { expectedAllowed, NAMESPACES, USERS } from './privilege-matrix-cells.js';

/** The console's config read over a socket, with the token by cookie or header: what the caller got. */
async function readSeed(consoleBase: string, token: string, ns: string, how: 'cookie' | 'header'): Promise<string> {
  const query = new URLSearchParams({ tenant: ns, dataId: 'seed', group: 'G' });
  const res = await fetch(`${consoleBase}/rnacos/api/console/v2/config/info?${query}`, {
    headers: how === 'cookie' ? { cookie: `token=${token}` } : { token },
  });
  const body = (await res.json()) as { success?: boolean; code?: string; data?: { value?: string } };
  if (body.success === true && body.data?.value === 'seed') return 'allowed';
  if (body.code === 'NO_PERMISSION' || body.code === 'NO_NAMESPACE_PERMISSION') return 'denied';
  if (body.code === 'NO_LOGIN') return 'no login';
  return `unexpected ${res.status} ${JSON.stringify(body)}`;
}

/**
 * Every user x namespace cell of the config editor's read (answered before fastify when allowed), by cookie
 * and by header, and tokens that are no console session (none, an OpenAPI one, a made-up one): the cells
 * that came out wrong.
 */
export async function consoleConfigReadCells(
  consoleBase: string,
  consoleTokens: Map<string, string>,
  apiToken: string,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const user of USERS) {
    for (const ns of NAMESPACES) {
      const expected = expectedAllowed(user, 'read', ns) ? 'allowed' : 'denied';
      for (const how of ['cookie', 'header'] as const) {
        const outcome = await readSeed(consoleBase, consoleTokens.get(user.name)!, ns, how);
        if (outcome !== expected) wrong.push(`${user.name} / "${ns}" by ${how}: expected ${expected}, got ${outcome}`);
      }
    }
  }
  for (const token of ['', apiToken, 'f'.repeat(64)]) {
    const outcome = await readSeed(consoleBase, token, '', 'cookie');
    if (outcome !== 'no login') wrong.push(`token "${token.slice(0, 8)}": got ${outcome}`);
  }
  return wrong;
}

import type { RoleCode } from '@tsnacos/protocol';
/** Role codes as stored by the server. */
const ROLE_CODES = { admin: '0', developer: '1', guest: '2' } as const satisfies Record<string, RoleCode>;

const ROLE_LABEL_KEYS: Record<string, string> = { '0': 'role.admin', '1': 'role.developer', '2': 'role.guest' };

/** The translated role name; an unknown code is shown raw. */
export function roleLabel(code: string, translate: (key: string) => string): string {
  const key = ROLE_LABEL_KEYS[code];
  return key ? translate(key) : code;
}

export function roleOptions(translate: (key: string) => string) {
  return Object.values(ROLE_CODES).map((code) => ({ value: code, label: roleLabel(code, translate) }));
}

/**
 * Transfer files assembled byte by byte from the published format description (prefix, base-128 varints,
 * protobuf tags), independent of the project's own encoder, so format tests compare against the format itself.
 */

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];

/** Wire type 0 field. */
export const vint = (tag: number, n: number) => [...varint(tag * 8), ...varint(n)];
/** Wire type 2 field (string, bytes, sub-message). */
const lenField = (tag: number, bytes: number[]) => [...varint(tag * 8 + 2), ...varint(bytes.length), ...bytes];
export const str = (tag: number, s: string) => lenField(tag, utf8(s));
/** Wire type 5 field holding a little-endian float32. */
function float32(tag: number, value: number): number[] {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value, true);
  return [...varint(tag * 8 + 5), ...b];
}
/** A map<string,string> entry. */
const mapEntry = (tag: number, k: string, v: string) => lenField(tag, [...str(1, k), ...str(2, v)]);
const delimitedBytes = (bytes: number[]) => [...varint(bytes.length), ...bytes];

const PREFIX = [0x6e, 0x61, 0x63, 0x6f, 0, 0, 0, 0];

export function header(modifyTime: number, fromSys: string, tables: Array<[number, string]>): number[] {
  return [
    ...vint(2, modifyTime),
    ...str(3, fromSys),
    ...tables.flatMap(([id, name]) => lenField(4, [...vint(1, id), ...str(2, name)])),
    ...str(5, '{}'),
  ];
}

export function item(table: string, key: number[] | string, value: number[], tableId = 0): number[] {
  return [
    ...(table ? str(1, table) : []),
    ...(tableId ? vint(2, tableId) : []),
    ...(key.length ? lenField(3, typeof key === 'string' ? utf8(key) : key) : []),
    ...lenField(4, value),
  ];
}

export function fileOf(headerBytes: number[], items: number[][]): Uint8Array {
  return new Uint8Array([...PREFIX, ...delimitedBytes(headerBytes), ...items.flatMap(delimitedBytes)]);
}

/** A history item of ConfigValueDO (id, content, last_time, op_user). */
export function historyItem(id: number, content: string, lastTime: number, opUser?: string): number[] {
  return [...vint(1, id), ...str(2, content), ...vint(3, lastTime), ...(opUser === undefined ? [] : str(4, opUser))];
}

export function configValue(content: string, histories: number[][], type?: string, desc?: string): number[] {
  return [
    ...str(1, content),
    ...histories.flatMap((h) => lenField(2, h)),
    ...(type === undefined ? [] : str(3, type)),
    ...(desc === undefined ? [] : str(4, desc)),
  ];
}

const namespaceValue = (id: string, name: string, type = '2') => [...str(1, id), ...str(2, name), ...str(3, type)];

function userValue(u: {
  username: string;
  nickname: string;
  gmtCreate: number;
  gmtModified: number;
  enable: boolean;
  roles: string[];
  extend?: Record<string, string>;
  passwordHash: string;
  privilege?: { flags: number; white: string[]; black: string[] };
}): number[] {
  return [
    ...str(1, u.username),
    ...str(3, u.nickname),
    ...vint(4, u.gmtCreate),
    ...vint(5, u.gmtModified),
    ...(u.enable ? vint(6, 1) : []),
    ...u.roles.flatMap((r) => str(7, r)),
    ...Object.entries(u.extend ?? {}).flatMap(([k, v]) => mapEntry(8, k, v)),
    ...str(9, u.passwordHash),
    ...(u.privilege
      ? [
          ...vint(10, u.privilege.flags),
          ...u.privilege.white.flatMap((w) => str(11, w)),
          ...u.privilege.black.flatMap((b) => str(12, b)),
        ]
      : []),
  ];
}

/** The length-prefixed InstanceDo value of a T_NAMING_INSTANCE record. */
function instanceValue(i: {
  ip: string;
  port: number;
  weight: number;
  enabled: boolean;
  healthy: boolean;
  metadata?: Record<string, string>;
  namespaceId: string;
  group: string;
  service: string;
  cluster?: string;
}): number[] {
  return delimitedBytes([
    ...str(1, i.ip),
    ...vint(2, i.port),
    ...float32(3, i.weight),
    ...(i.enabled ? vint(4, 1) : []),
    ...(i.healthy ? vint(5, 1) : []),
    ...Object.entries(i.metadata ?? {}).flatMap(([k, v]) => mapEntry(7, k, v)),
    ...str(8, i.namespaceId),
    ...str(9, i.group),
    ...str(10, i.service),
    ...(i.cluster === undefined ? [] : str(11, i.cluster)),
  ]);
}

export const SERVER_TABLES: Array<[number, string]> = [
  [1, 'T_CONFIG'],
  [2, 'T_SEQUENCE'],
  [3, 'T_NAMESPACE'],
  [4, 'T_USER'],
  [5, 'T_CACHE'],
  [6, 'T_MCP_TOOL_SPEC'],
  [7, 'T_MCP_SERVER'],
  [8, 'T_NAMING_INSTANCE'],
];

/** A bcrypt hash of SAMPLE_PASSWORD (cost 10), as r-nacos stores it. */
export const SAMPLE_PASSWORD = 'secret-pass';
export const SAMPLE_HASH = '$2b$10$DDymTdsNP3WG27bJvZmp4ORk/kNDQbmeDiknfvBP0o8ySOvt7SHHG';

/**
 * What an r-nacos 0.8 server export looks like: configs with history (default and custom namespace), an MCP
 * record, a user namespace, users, a persistent instance, plus a record addressed by table id and a foreign
 * table.
 */
export function sampleServerExport(): Uint8Array {
  return fileOf(header(1_700_000_000_000, 'r-nacos_0.8.5', SERVER_TABLES), [
    item(
      'T_CONFIG',
      'app.yaml\u0002DEFAULT_GROUP',
      configValue(
        'port: 8080',
        [historyItem(1, 'port: 80', 1_000_000, 'admin'), historyItem(2, 'port: 8080', 2_000_000)],
        'yaml',
        'the app',
      ),
    ),
    item(
      'T_CONFIG',
      'db.properties\u0002DB\u0002dev',
      configValue('url=x', [historyItem(3, 'url=x', 3_000_000, 'dev1')], 'properties'),
    ),
    item('T_MCP_SERVER', [0, 0, 0, 0, 0, 0, 0, 1], delimitedBytes([...vint(1, 1), ...str(3, 'srv')])),
    item('', 'dev', namespaceValue('dev', 'Development'), 3),
    item(
      'T_USER',
      'admin',
      userValue({
        username: 'admin',
        nickname: 'Admin',
        gmtCreate: 1_600_000_000,
        gmtModified: 1_600_000_100,
        enable: true,
        roles: ['0'],
        passwordHash: SAMPLE_HASH,
        privilege: { flags: 3, white: [], black: [] },
      }),
    ),
    item(
      'T_USER',
      'dev1',
      userValue({
        username: 'dev1',
        nickname: 'Dev One',
        gmtCreate: 1_600_000_200,
        gmtModified: 1_600_000_300,
        enable: false,
        roles: ['1', '2'],
        extend: { team: 'core' },
        passwordHash: SAMPLE_HASH,
        privilege: { flags: 1, white: ['dev'], black: [''] },
      }),
    ),
    item(
      'T_NAMING_INSTANCE',
      [],
      instanceValue({
        ip: '10.0.0.5',
        port: 8080,
        weight: 0.5,
        enabled: true,
        healthy: true,
        metadata: { zone: 'a' },
        namespaceId: 'public',
        group: 'DEFAULT_GROUP',
        service: 'orders',
        cluster: 'DEFAULT',
      }),
    ),
    item('T_FOO', 'k', [1, 2, 3]),
  ]);
}

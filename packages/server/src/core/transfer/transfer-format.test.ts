import { describe, expect, it } from 'vitest';
import {
  SAMPLE_HASH,
  configValue,
  fileOf,
  header,
  historyItem,
  item,
  sampleServerExport,
  SERVER_TABLES,
  str,
  vint,
} from '../../../test/transfer-bytes.js';
import { decodeTransfer, encodeTransfer } from './transfer-codec.js';
import { CONVERTER_TABLE_IDS, TransferFormatError } from './transfer-format.js';
import { readTransfer } from './transfer-reader.js';

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function failure(bytes: Uint8Array): Promise<TransferFormatError> {
  try {
    await decodeTransfer([bytes]);
  } catch (err) {
    if (err instanceof TransferFormatError) return err;
    throw err;
  }
  throw new Error('expected the file to be rejected');
}

describe('reading a file built from the format description', () => {
  it('decodes header, every table, table ids through the header map, and counts what it ignores', async () => {
    const decoded = await decodeTransfer([sampleServerExport()]);
    expect(decoded.header.fromSys).toBe('r-nacos_0.8.5');
    expect(decoded.header.modifyTime).toBe(1_700_000_000_000);
    expect(decoded.header.tableNames.get(8)).toBe('T_NAMING_INSTANCE');
    expect(decoded.header.extend).toEqual({});
    expect(decoded.tables).toEqual({
      T_CONFIG: 2,
      T_MCP_SERVER: 1,
      T_NAMESPACE: 1,
      T_USER: 2,
      T_NAMING_INSTANCE: 1,
      T_FOO: 1,
    });
    // the MCP server record is kept; the foreign table T_FOO is not
    expect(decoded.ignored).toBe(1);
    expect(decoded.content.mcpServers?.map((s) => s.name)).toEqual(['srv']);

    const [app, db] = decoded.content.configs;
    expect(app).toEqual({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      dataId: 'app.yaml',
      content: 'port: 8080',
      type: 'yaml',
      desc: 'the app',
      histories: [
        { id: 1, content: 'port: 80', lastTime: 1_000_000, opUser: 'admin' },
        { id: 2, content: 'port: 8080', lastTime: 2_000_000, opUser: undefined },
      ],
    });
    expect(db).toMatchObject({
      namespaceId: 'dev',
      group: 'DB',
      dataId: 'db.properties',
      type: 'properties',
      desc: undefined,
    });
    expect(decoded.content.namespaces).toEqual([{ namespaceId: 'dev', namespaceName: 'Development', type: '2' }]);
    expect(decoded.content.users[0]).toEqual({
      username: 'admin',
      nickname: 'Admin',
      password: '',
      passwordHash: SAMPLE_HASH,
      gmtCreate: 1_600_000_000,
      gmtModified: 1_600_000_100,
      enable: true,
      roles: ['0'],
      extendInfo: {},
      namespacePrivilege: { flags: 3, whitelist: [], blacklist: [] },
      source: undefined,
    });
    expect(decoded.content.users[1]).toMatchObject({ enable: false, roles: ['1', '2'], extendInfo: { team: 'core' } });
    expect(decoded.content.users[1].namespacePrivilege).toEqual({ flags: 1, whitelist: ['dev'], blacklist: [''] });
    expect(decoded.content.instances).toEqual([
      {
        ip: '10.0.0.5',
        port: 8080,
        weight: 0.5,
        enabled: true,
        healthy: true,
        ephemeral: false,
        metadata: { zone: 'a' },
        namespaceId: 'public',
        groupName: 'DEFAULT_GROUP',
        serviceName: 'orders',
        clusterName: 'DEFAULT',
        appName: undefined,
      },
    ]);
  });

  it('gives the same result when the bytes arrive one at a time', async () => {
    const whole = await decodeTransfer([sampleServerExport()]);
    const trickled = await decodeTransfer(chunks(sampleServerExport(), 1));
    expect(trickled.content).toEqual(whole.content);
    expect(trickled.bytes).toBe(sampleServerExport().length);
  });

  it('resolves a non-zero table_id through the header map, not through table_name', async () => {
    const bytes = fileOf(header(1, 'x', [[9, 'T_CONFIG']]), [item('T_USER', 'a\u0002G', configValue('v', []), 9)]);
    const decoded = await decodeTransfer([bytes]);
    expect(decoded.content.configs.map((c) => c.dataId)).toEqual(['a']);
    expect(decoded.content.users).toEqual([]);
  });

  it('ignores T_SEQUENCE and ids missing from the map', async () => {
    const bytes = fileOf(header(1, 'x', SERVER_TABLES), [item('T_SEQUENCE', 'k', [1]), item('', 'k', [1], 42)]);
    const decoded = await decodeTransfer([bytes]);
    expect(decoded.ignored).toBe(2);
    expect(decoded.tables).toEqual({ T_SEQUENCE: 1, 'table id 42': 1 });
  });

  it('stops at a zero length followed only by zero padding', async () => {
    const bytes = new Uint8Array([...sampleServerExport(), 0, 0, 0]);
    expect((await decodeTransfer([bytes])).content.configs).toHaveLength(2);
  });
});

describe('writing', () => {
  it('produces exactly the bytes of the description for prefix, header and a config record', () => {
    const [start, record] = [
      ...encodeTransfer(
        {
          configs: [
            {
              namespaceId: 'dev',
              group: 'G',
              dataId: 'a.txt',
              content: 'two',
              type: 'text',
              histories: [
                { id: 7, content: 'one', lastTime: 1000, opUser: 'admin' },
                { id: 8, content: 'two', lastTime: 2000 },
              ],
            },
          ],
          namespaces: [],
          users: [],
          instances: [],
        },
        { modifyTime: 1_700_000_000_000, fromSys: 'tsnacos_1', tableIds: CONVERTER_TABLE_IDS },
      ),
    ];
    const expectedStart = fileOf(
      header(
        1_700_000_000_000,
        'tsnacos_1',
        CONVERTER_TABLE_IDS.map(([i, n]) => [i, n]),
      ),
      [],
    );
    expect([...start]).toEqual([...expectedStart]);
    const expectedRecord = fileOf(
      [],
      [
        item(
          'T_CONFIG',
          'a.txt\u0002G\u0002dev',
          configValue('two', [historyItem(7, 'one', 1000, 'admin'), historyItem(8, 'two', 2000)], 'text'),
        ),
      ],
    ).subarray(9);
    expect([...record]).toEqual([...expectedRecord]);
  });

  it('round-trips everything the reader understands', async () => {
    const decoded = await decodeTransfer([sampleServerExport()]);
    const again = await decodeTransfer(
      encodeTransfer(decoded.content, { modifyTime: 5, fromSys: 't', tableIds: SERVER_TABLES }),
    );
    expect(again.content).toEqual(decoded.content);
  });
});

describe('damaged files', () => {
  it('rejects an empty file and a foreign file at byte 0', async () => {
    expect((await failure(new Uint8Array(0))).message).toMatch(/byte 0: file is too short/);
    const foreign = await failure(new TextEncoder().encode('PK\u0003\u0004 this is a zip'));
    expect(foreign.offset).toBe(0);
    expect(foreign.message).toMatch(/not a transfer file/);
  });

  it('rejects an unknown format version at byte 4', async () => {
    const bytes = sampleServerExport();
    bytes[7] = 1;
    const err = await failure(bytes);
    expect(err.offset).toBe(4);
    expect(err.message).toMatch(/format version 1/);
  });

  it('reports a missing header', async () => {
    const err = await failure(new Uint8Array([0x6e, 0x61, 0x63, 0x6f, 0, 0, 0, 0]));
    expect(err.offset).toBe(8);
    expect(err.message).toMatch(/header is missing/);
  });

  it('reports truncation at the offset of the record that is cut, at every cut point', async () => {
    const full = sampleServerExport();
    const starts: number[] = [];
    for await (const entry of readTransfer([full]))
      starts.push(entry.kind === 'header' ? entry.offset : entry.record.offset);
    for (let cut = 9; cut < full.length; cut++) {
      const owner = starts.filter((s) => s < cut).at(-1)!;
      if (starts.includes(cut)) continue; // a cut between records is a shorter, valid file
      const err = await failure(full.subarray(0, cut));
      expect(err.offset, `cut at ${cut}`).toBe(owner);
      expect(err.message).toMatch(/truncated/);
    }
  });

  it('reports a record that is not protobuf at its offset', async () => {
    const good = fileOf(header(1, 'x', SERVER_TABLES), [item('T_CONFIG', 'a\u0002G', configValue('v', []))]);
    const recordOffset = good.length;
    const bytes = new Uint8Array([...good, 3, 0x0f, 0xff, 0xff]); // wire type 7 does not exist
    const err = await failure(bytes);
    expect(err.offset).toBe(recordOffset);
    expect(err.message).toMatch(/not a valid protobuf message/);
  });

  it('reports a config record whose key or value is malformed at its offset', async () => {
    const head = fileOf(header(1, 'x', SERVER_TABLES), []);
    const badKey = await failure(
      fileOf(header(1, 'x', SERVER_TABLES), [item('T_CONFIG', 'no-separator', configValue('v', []))]),
    );
    expect(badKey.offset).toBe(head.length);
    expect(badKey.message).toMatch(/T_CONFIG record is invalid: config key/);
    const badValue = await failure(
      fileOf(header(1, 'x', SERVER_TABLES), [item('T_CONFIG', 'a\u0002G', [...str(2, 'x'), 0xff])]),
    );
    expect(badValue.message).toMatch(/T_CONFIG record is invalid/);
  });

  it('rejects config text that is not UTF-8 rather than reading it with U+FFFD', async () => {
    const head = header(1, 'x', SERVER_TABLES);
    const latin1Content = [0x0a, 4, 0x63, 0x61, 0x66, 0xe9]; // content "café" in Latin-1
    const badContent = await failure(fileOf(head, [item('T_CONFIG', 'a\u0002G', latin1Content)]));
    expect(badContent.message).toMatch(/T_CONFIG record is invalid: the config content is not valid UTF-8/);
    const badHistory = await failure(
      fileOf(head, [item('T_CONFIG', 'a\u0002G', [...str(1, 'ok'), 0x12, 3, 0x12, 1, 0xff])]),
    );
    expect(badHistory.message).toMatch(/a history content of the config is not valid UTF-8/);
    const badKey = await failure(fileOf(head, [item('T_CONFIG', [0x61, 0x02, 0x47, 0xff], configValue('v', []))]));
    expect(badKey.message).toMatch(/the config key is not valid UTF-8/);
  });

  it('rejects data after the end marker and absurd lengths', async () => {
    const trailing = await failure(new Uint8Array([...sampleServerExport(), 0, 5, 1]));
    expect(trailing.offset).toBe(sampleServerExport().length + 1);
    const huge = await failure(new Uint8Array([...sampleServerExport(), ...[0xff, 0xff, 0xff, 0xff, 0x7f]]));
    expect(huge.offset).toBe(sampleServerExport().length);
    expect(huge.message).toMatch(/larger than any valid record/);
  });

  it('rejects an instance value that lacks its own length prefix', async () => {
    const raw = [...str(1, '1.2.3.4'), ...vint(2, 80), ...str(10, 's')];
    const err = await failure(fileOf(header(1, 'x', SERVER_TABLES), [item('T_NAMING_INSTANCE', [], raw)]));
    expect(err.message).toMatch(/T_NAMING_INSTANCE record is invalid/);
  });
});

import { describe, expect, it } from 'vitest';
import { parseServerDocument } from '../../storage/mcp-documents.js';
import { numberVersions, type McpServer, type ServerVersion } from './mcp-model.js';

const value = (id: number, description: string): ServerVersion =>
  ({ id, description, tools: [], opUser: 'a', updateTime: id }) as unknown as ServerVersion;

/** As an older release stored it: versions with ids only. */
const unnumbered = (): McpServer => ({
  id: 1,
  uniqueKey: 'k',
  namespace: 'public',
  name: 'n',
  description: '',
  authKeys: ['k'],
  createTime: 1,
  createUser: 'a',
  current: value(40, 'draft'),
  release: value(12, 'second'),
  histories: [value(7, 'first'), value(12, 'second'), value(31, 'third')],
});

describe('server version numbers', () => {
  it('numbers versions stored without numbers by their ids, the draft after the published ones', () => {
    const server = numberVersions(unnumbered());
    expect(server.histories.map((h) => [h.id, h.version])).toEqual([
      [7, 1],
      [12, 2],
      [31, 3],
    ]);
    expect(server.release).toMatchObject({ id: 12, version: 2 });
    expect(server.current).toMatchObject({ id: 40, version: 4 });
    // a stored document of an older release is read numbered
    expect(parseServerDocument(JSON.stringify(unnumbered()), '1')).toEqual(server);
  });

  it('keeps numbers a server already has; a never-published server has a draft numbered 1', () => {
    const numbered = numberVersions(unnumbered());
    expect(numberVersions(numbered)).toBe(numbered);
    const fresh = numberVersions({ ...unnumbered(), release: null, histories: [] });
    expect(fresh.current.version).toBe(1);
  });
});

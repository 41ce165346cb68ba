import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UntrustedInputError } from './untrusted-error.js';
import { unzipWithin, type ZipLimits } from './zip-entries.js';

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 1000, maxTotalBytes: 2000 };
const all = () => true;
const zipOf = (files: Record<string, Uint8Array | string>, level: 0 | 6 = 6) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v])), {
    level,
  });

function refusal(zip: Uint8Array, limits = LIMITS, wanted = all): UntrustedInputError {
  try {
    unzipWithin(zip, limits, wanted);
  } catch (err) {
    expect(err).toBeInstanceOf(UntrustedInputError);
    return err as UntrustedInputError;
  }
  throw new Error('the zip was accepted');
}

/** Offsets of the central directory's file headers. */
function centralHeaders(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === 0x02014b50) found.push(i);
  return found;
}

describe('unzipWithin', () => {
  it('unpacks the wanted entries in the zip order', () => {
    const files = unzipWithin(zipOf({ 'b/x': 'bx', 'a/y': 'ay', skip: 'no' }), LIMITS, (n) => n.includes('/'));
    expect([...files].map(([k, v]) => [k, Buffer.from(v).toString()])).toEqual([
      ['b/x', 'bx'],
      ['a/y', 'ay'],
    ]);
  });

  it('refuses too many entries from the central directory, before inflating any', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 11; i++) files[`e${i}`] = 'x'.repeat(100);
    const zip = zipOf(files);
    // the first entry's data is damaged: inflating it would fail differently
    zip[30 + 'e0'.length] = 0xff;
    expect(refusal(zip)).toMatchObject({ limit: 'zip-entries', message: 'limit exceeded: entries in a zip (10)' });
    expect(refusal(zip, { ...LIMITS, maxEntries: 11 }).message).toMatch(/^the upload is not a valid zip file/);
  });

  it('refuses an entry or a zip that unpacks past its limit, from the declared sizes', () => {
    const bomb = zipOf({ 'g/big': new Uint8Array(10_000_000) });
    expect(bomb.length).toBeLessThan(20_000);
    expect(refusal(bomb)).toMatchObject({
      limit: 'zip-entry-bytes',
      status: 413,
      message: 'limit exceeded: unpacked bytes of a zip entry (1000) in g/big',
    });
    const three = zipOf({ a: 'x'.repeat(900), b: 'x'.repeat(900), c: 'x'.repeat(900) }, 0);
    expect(refusal(three).message).toBe('limit exceeded: unpacked bytes of a zip (2000)');
    // entries nobody wants are neither counted nor inflated
    expect(unzipWithin(bomb, LIMITS, () => false).size).toBe(0);
  });

  it('refuses an entry whose declared size is a lie', () => {
    const zip = zipOf({ a: new Uint8Array(1_000_000) });
    const [header] = centralHeaders(zip);
    new DataView(zip.buffer).setUint32(header + 24, 100, true);
    expect(refusal(zip)).toMatchObject({ kind: 'invalid', status: 400 });
    expect(refusal(zip).message).toMatch(/^a: its compressed size \(\d+\) does not fit its declared size$/);
  });

  it('refuses what is not a zip as invalid', () => {
    expect(refusal(Buffer.from('this is not a zip'))).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/^the upload is not a valid zip file: /),
    });
  });
});

import { describe, expect, it } from 'vitest';
import { matchesAccept, selectFiles } from './select-files.js';

const f = (name: string, type = '') => ({ name, type });

describe('selecting upload files', () => {
  it('takes only the first file without multiple or directory', () => {
    expect(selectFiles([f('a'), f('b')], {}).map((x) => x.name)).toEqual(['a']);
    expect(selectFiles([f('a'), f('b')], { directory: true })).toHaveLength(2);
  });

  it('drops the files beyond the max count', () => {
    expect(
      selectFiles([f('a'), f('b'), f('c')], { multiple: true, max: 3, existingCount: 1 }).map((x) => x.name),
    ).toEqual(['a', 'b']);
    expect(selectFiles([f('a')], { multiple: true, max: 1, existingCount: 1 })).toEqual([]);
  });

  it('filters dropped files by extension, mime type and wildcard type', () => {
    const files = [f('a.ZIP', 'application/zip'), f('b.png', 'image/png'), f('c.txt', 'text/plain'), f('d.data', '')];
    const accepted = selectFiles(files, { multiple: true, dropped: true, accept: '.zip, image/*, text/plain' });
    expect(accepted.map((x) => x.name)).toEqual(['a.ZIP', 'b.png', 'c.txt']);
  });

  it('does not filter files chosen in the dialog (the dialog did), nor without an accept list', () => {
    expect(selectFiles([f('d.data')], { accept: '.zip' })).toHaveLength(1);
    expect(matchesAccept(f('x.bin'), undefined)).toBe(true);
    expect(matchesAccept(f('x.bin', 'application/octet-stream'), 'application/zip')).toBe(false);
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes compressed copies of small chunks too, and none of a file they would not shrink', () => {
    // a small chunk as the build makes them: a few hundred bytes of minified code
    const small = `import{j as e}from"./jsx-runtime.js";${'export const a=()=>e.jsx("div",{className:"page-header"});'.repeat(5)}`;
    expect(small.length).toBeLessThan(1024);
    writeFileSync(path.join(dir, 'small.js'), small);
    writeFileSync(path.join(dir, 'tiny.js'), 'x');
    precompress(dir);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'small.js.br'))).toString()).toBe(small);
    expect(gunzipSync(readFileSync(path.join(dir, 'small.js.gz'))).toString()).toBe(small);
    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'tiny.js.gz'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { explainDriverLoadError } from './native-driver.js';

describe('the SQLite driver built for another Node.js', () => {
  it('is explained: which Node.js it needs and how to rebuild it', () => {
    // what a release built on Node.js 20 prints on Node.js 22
    const dlopen = new Error(
      "The module '/opt/tsnacos/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\n" +
        'was compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js ' +
        'requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module.',
    );
    const explained = explainDriverLoadError(dlopen) as Error;
    expect(explained.message).toContain('compiled for Node.js 20');
    expect(explained.message).toContain(`this is Node.js ${process.versions.node}`);
    expect(explained.message).toContain('npm rebuild better-sqlite3');
    expect(explained.cause).toBe(dlopen);
  });

  it('leaves other errors as they are', () => {
    const other = new Error('SQLITE_CANTOPEN: unable to open database file');
    expect(explainDriverLoadError(other)).toBe(other);
  });
});

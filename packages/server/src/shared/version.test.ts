import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from './version.js';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('the version', () => {
  it('the server reports is the one its package, the root package and the Kubernetes manifests carry', () => {
    const versionOf = (relative: string) => (JSON.parse(read(relative)) as { version: string }).version;
    expect(versionOf('../../package.json')).toBe(VERSION);
    expect(versionOf('../../../../package.json')).toBe(VERSION);
    for (const manifest of ['single-node.yaml', 'cluster.yaml']) {
      expect(read(`../../../../deploy/k8s/${manifest}`)).toContain(`image: localhost/tsnacos:${VERSION}`);
    }
  });
});

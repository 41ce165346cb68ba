import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_MAIN } from './server-process.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('the tsnacos command at the repository root', () => {
  it('`npx tsnacos` runs the built server command, not a package from the registry', () => {
    expect(existsSync(BUILT_MAIN), 'run `npm run build` first (npm test does)').toBe(true);
    // offline: a name npm does not find locally fails at once instead of asking the registry
    const res = spawnSync('npx', ['--no-install', 'tsnacos', '--version'], {
      cwd: repoRoot,
      env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.stderr).not.toMatch(/npm error/);
    expect(res.stdout.trim()).toBe(version);
    expect(res.status).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The built CLI when it is newer than every source file (as after `npm test`'s build), else the sources. */
function entryArgs(): string[] {
  const built = path.join(serverDir, 'dist', 'main.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestMtime(path.join(serverDir, 'src'))) return [built];
  return ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')];
}

let entry: string[] | undefined;

/** Runs `tsnacos <args>` as a child process, bounded by a timeout. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    entry ??= entryArgs();
    const child = spawn(process.execPath, [...entry, ...args], {
      cwd: serverDir,
      env: { ...process.env, RNACOS_LOG_LEVEL: 'silent', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tsnacos ${args.join(' ')} did not finish in time; stderr: ${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The last non-empty stderr line (where a failing command puts its one-line error). */
export function lastErrorLine(result: CliResult): string {
  return result.stderr.trim().split('\n').at(-1) ?? '';
}

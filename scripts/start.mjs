// `npm start`: install what is missing, build what changed, run the server in the foreground.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureInstalled, root } from './ensure-install.mjs';

ensureInstalled();
buildIfStale();
// the same V8 flag as the `tsnacos` command's first line (a smaller young generation: less memory)
const NODE_FLAGS = ['--max-semi-space-size=4'];
// The server runs in its own process group: Ctrl-C reaches the whole foreground group (npm, this script),
// and npm passes it on once more; the server must hear it once, from here, or it takes the second as
// "exit at once" and skips its clean stop. Outside the group it would outlive a killed launcher: it stops
// when its IPC channel to this process closes.
const child = spawn(
  process.execPath,
  [...NODE_FLAGS, path.join(root, 'packages/server/dist/main.js'), ...process.argv.slice(2)],
  { cwd: process.cwd(), stdio: ['inherit', 'inherit', 'inherit', 'ipc'], detached: true },
);
/** One key press arrives here several times within milliseconds; a second press takes longer. */
const SAME_SIGNAL_MS = 500;
let lastForward = -Infinity;
const forward = (sig) => {
  const now = performance.now();
  if (now - lastForward < SAME_SIGNAL_MS) return;
  lastForward = now;
  child.kill(sig);
};
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));
// the terminal closed: the server, outside its group, would not hear of it
process.on('SIGHUP', () => forward('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** The parent of process `pid` (Linux's /proc), or undefined when it is gone or unknown. */
function parentOf(pid) {
  try {
    // the command name in parentheses may hold spaces: the fields after its closing one are fixed
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}
// npm runs this script under a shell: when npm is killed (SIGKILL, no signal to pass on) the shell and this
// process live on, so both are watched: a changed parent means the process above has died.
const parent = process.ppid;
const npm = parentOf(parent);
const watch = setInterval(() => {
  if (process.ppid === parent && (npm === undefined || parentOf(parent) === npm)) return;
  clearInterval(watch);
  child.kill('SIGTERM');
}, 500);
watch.unref();

// `npm start`: install what is missing, build every package, run the server in the foreground.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root, run } from './ensure-install.mjs';

ensureInstalled();
run('npm', ['run', 'build']);
// the same V8 flag as the `tsnacos` command's first line (a smaller young generation: less memory)
const NODE_FLAGS = ['--max-semi-space-size=4'];
const child = spawn(
  process.execPath,
  [...NODE_FLAGS, path.join(root, 'packages/server/dist/main.js'), ...process.argv.slice(2)],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

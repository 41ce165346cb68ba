// `npm test`: install what is missing, build (the server serves the built console), type-check every
// package (tests included), lint and check formatting, run the whole suite.
import { ensureInstalled, run } from './ensure-install.mjs';

ensureInstalled();
run('npm', ['run', 'build']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);

// `npm test`: install what is missing, build (the server serves the built console), run the whole suite.
import { ensureInstalled, run } from './ensure-install.mjs';

ensureInstalled();
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);

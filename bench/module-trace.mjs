// `node --import ./bench/module-trace.mjs <script>` appends every module the process loads to the file
// named by MODULE_TRACE_FILE, one per line: ES modules (a loader hook sees each URL) and CommonJS ones
// (Module._load). What start-up loads is then read from a list rather than guessed from a profile.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const file = process.env.MODULE_TRACE_FILE;
if (file) {
  const hook = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(file)}, url + '\\n');
  return next(url, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.apply(this, arguments);
    try {
      appendFileSync(file, `${Module._resolveFilename(request, parent, isMain)}\n`);
    } catch {
      /* a built-in or a name that only resolves from inside the package */
    }
    return loaded;
  };
}

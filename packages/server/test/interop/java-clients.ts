import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
/** Maven's downloads stay in the repository's cache, so later runs build offline in seconds. */
const mavenRepo = path.join(repoRoot, '.cache/m2');

const has = (command: string) => spawnSync(command, ['-version'], { stdio: 'ignore' }).status === 0;
export const javaToolchainAvailable = has('java') && has('javac') && has('mvn');
if (!javaToolchainAvailable) {
  console.warn('java, javac or mvn not found: the official Java client tests cannot run (.ci/run installs them)');
}

/** A scenario program on one nacos-client version: `java/<dir>` with its pom.xml and sources. */
export interface JavaClient {
  classpath: string;
}

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'target') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Helpers every scenario shares (`Out`: its step lines), compiled with each one. */
const COMMON_SOURCES = path.join(here, 'java', 'common', 'interop');

/**
 * Resolves the client's dependencies with Maven (once; cached) and compiles the scenario: its own, or that of
 * the project `sourcesOf` (one scenario on two client versions).
 */
export function buildJavaClient(dir: string, sourcesOf = dir): JavaClient {
  const project = path.join(here, 'java', dir);
  const scenarioSources = path.join(here, 'java', sourcesOf, 'src/main/java/interop');
  const target = path.join(project, 'target');
  const cpFile = path.join(target, 'cp.txt');
  const classes = path.join(target, 'classes');
  const stamp = path.join(classes, 'interop', 'ClientScenario.class');
  const newest = Math.max(newestChange(project), newestChange(scenarioSources), newestChange(COMMON_SOURCES));
  const fresh = existsSync(stamp) && existsSync(cpFile) && statSync(stamp).mtimeMs > newest;
  if (!fresh) {
    const maven = ['-q', '-B', `-Dmaven.repo.local=${mavenRepo}`, '-f', path.join(project, 'pom.xml')];
    const resolve = [...maven, 'dependency:build-classpath', `-Dmdep.outputFile=${cpFile}`];
    // offline first: the cache usually has everything
    if (spawnSync('mvn', ['-o', ...resolve], { stdio: 'ignore' }).status !== 0) {
      execFileSync('mvn', resolve, { stdio: 'inherit' });
    }
    mkdirSync(classes, { recursive: true });
    const sources = [scenarioSources, COMMON_SOURCES].flatMap((dir) => readdirSync(dir).map((f) => path.join(dir, f)));
    execFileSync('javac', ['-d', classes, '-cp', readFileSync(cpFile, 'utf8').trim(), ...sources], {
      stdio: 'inherit',
    });
    // resources such as a plugin's META-INF/services registration go on the classpath too
    const resources = path.join(project, 'src/main/resources');
    if (existsSync(resources)) cpSync(resources, classes, { recursive: true });
  }
  return { classpath: `${classes}${path.delimiter}${readFileSync(cpFile, 'utf8').trim()}` };
}

/** What a scenario printed, by step, and how it ended. */
export interface ScenarioRun {
  steps: Record<string, unknown>;
  exitCode: number | null;
  output: string;
}

/** How a scenario is run beyond its arguments. */
export interface ScenarioOptions {
  /** Another main class than `interop.ClientScenario`. */
  mainClass?: string;
  /** Sees each step as it is printed (to act on the server while the scenario waits). */
  onStep?: (step: string, value: unknown) => void;
  /** JVM options (`-Dname=value`) before the class. */
  jvmArgs?: string[];
}

/** Runs the scenario against `serverAddr`, with its logs and caches under `scratch`. */
export function runJavaScenario(
  client: JavaClient,
  serverAddr: string,
  scratch: string,
  timeoutMs: number,
  extraArgs: string[] = [],
  { mainClass = 'interop.ClientScenario', onStep, jvmArgs = [] }: ScenarioOptions = {},
) {
  return new Promise<ScenarioRun>((resolve) => {
    const child = spawn(
      'java',
      [
        `-DJM.LOG.PATH=${path.join(scratch, 'logs')}`,
        `-DJM.SNAPSHOT.PATH=${scratch}`,
        `-Dcom.alibaba.nacos.naming.cache.dir=${path.join(scratch, 'naming')}`,
        ...jvmArgs,
        '-cp',
        client.classpath,
        mainClass,
        serverAddr,
        ...extraArgs,
      ],
      { env: { ...process.env, HOME: scratch }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let pending = '';
    const steps: Record<string, unknown> = {};
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{"step"')) continue;
        const { step, value } = JSON.parse(line) as { step: string; value: unknown };
        steps[step] = value;
        onStep?.(step, value);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ steps, exitCode, output });
    });
  });
}

/**
 * Starts a long-running Java program (a Dubbo provider, say) against `serverAddr` and resolves once it
 * printed the `ready` step; rejects with its output when it exits or stays silent.
 */
export function startJavaProcess(
  client: JavaClient,
  mainClass: string,
  serverAddr: string,
  scratch: string,
  ready: string,
): Promise<ChildProcess> {
  const child = spawn(
    'java',
    [`-DJM.LOG.PATH=${scratch}`, `-DJM.SNAPSHOT.PATH=${scratch}`, '-cp', client.classpath, mainClass, serverAddr],
    { env: { ...process.env, HOME: scratch }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${mainClass} did not get ready:\n${output.slice(-5000)}`)),
      120_000,
    );
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`{"step":"${ready}","value":true}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mainClass} exited (${code}):\n${output.slice(-5000)}`));
    });
  });
}

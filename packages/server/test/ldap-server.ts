import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * A throwaway OpenLDAP server (Debian's slapd) on a temp dir and two free ports: plain LDAP (which also
 * offers StartTLS) and LDAPS, both with a self-signed certificate for 127.0.0.1. The memberof overlay keeps
 * each user's `memberOf` in step with the groupOfNames groups, as Active Directory does. Anonymous clients
 * may only bind: searching needs a bound user.
 */
export interface Ldap {
  url: string;
  ldapsUrl: string;
  /** The certificate slapd serves, to trust as a CA. */
  caFile: string;
  baseDn: string;
  adminDn: string;
  adminPassword: string;
  /** Runs LDIF through ldapmodify as the directory admin (`changetype:` records). */
  modify(ldif: string): void;
  /** Stops slapd; `start` brings it back on the same ports and data. */
  pause(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const SLAPD = '/usr/sbin/slapd';
const MODULES = '/usr/lib/ldap';
const SCHEMAS = ['core', 'cosine', 'inetorgperson', 'nis'];
export const BASE_DN = 'dc=example,dc=org';

function config(dir: string): string {
  return [
    ...SCHEMAS.map((s) => `include /etc/ldap/schema/${s}.schema`),
    `pidfile ${dir}/slapd.pid`,
    `modulepath ${MODULES}`,
    'moduleload back_mdb',
    'moduleload memberof',
    `TLSCertificateFile ${dir}/cert.pem`,
    `TLSCertificateKeyFile ${dir}/key.pem`,
    'database mdb',
    `suffix "${BASE_DN}"`,
    `rootdn "cn=admin,${BASE_DN}"`,
    'rootpw admin-secret',
    `directory ${dir}/db`,
    'overlay memberof',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by anonymous auth',
    '',
  ].join('\n');
}

function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`slapd exited: ${output()}`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`slapd did not listen: ${output()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts slapd with `ldif` loaded, or resolves to why it cannot run here (the caller says why it skips). */
export async function startLdap(ldif: string): Promise<Ldap | string> {
  if (!existsSync(SLAPD)) return 'slapd is not installed (Debian packages slapd and ldap-utils; .ci/run installs them)';
  if (spawnSync('ldapadd', ['-VV']).error) return 'ldapadd is not installed (Debian package ldap-utils)';
  if (spawnSync('openssl', ['version']).error) return 'openssl is not installed';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-ldap-'));
  mkdirSync(path.join(dir, 'db'));
  const cert = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
    ],
    { encoding: 'utf8' },
  );
  if (cert.status !== 0) return `openssl could not make a certificate: ${cert.stderr}`;
  writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const adminDn = `cn=admin,${BASE_DN}`;
  let child: ChildProcess | undefined;
  let log = '';

  const start = async () => {
    log = '';
    const listen = `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`;
    // -d keeps slapd in the foreground (a child this process can stop); 0 logs nothing extra
    child = spawn(SLAPD, ['-f', `${dir}/slapd.conf`, '-h', listen, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    await waitForPort(port, child, () => log);
    await waitForPort(tlsPort, child, () => log);
  };
  const pause = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  const ldapTool = (tool: string, text: string) => {
    const run = spawnSync(tool, ['-x', '-H', url, '-D', adminDn, '-w', 'admin-secret'], {
      input: text,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`);
  };

  try {
    await start();
    ldapTool(
      'ldapadd',
      `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n\n${ldif}`,
    );
  } catch (err) {
    await pause();
    rmSync(dir, { recursive: true, force: true });
    return `slapd did not start: ${(err as Error).message}`;
  }
  return {
    url,
    ldapsUrl: `ldaps://127.0.0.1:${tlsPort}`,
    caFile: path.join(dir, 'cert.pem'),
    baseDn: BASE_DN,
    adminDn,
    adminPassword: 'admin-secret',
    modify: (text) => ldapTool('ldapmodify', text),
    pause,
    start,
    stop: async () => {
      await pause();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

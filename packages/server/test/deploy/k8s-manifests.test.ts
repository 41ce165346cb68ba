import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SETTING_DEFS } from '../../src/settings.js';
import { startServerProcess, waitForExit, type ServerProcess } from '../server-process.js';
import { tempDataDir } from '../helpers.js';
import { REPO_ROOT } from './deploy-kit.js';
import { restrictedViolations } from './pod-security.js';

/**
 * No cluster runs here: the manifests are read as Kubernetes would, checked against what the server does
 * (its settings, ports and probe paths), and their probes are sent to a running server.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML of many shapes, read field by field
type Obj = Record<string, any>;

const KNOWN_SETTINGS = new Set(SETTING_DEFS.flatMap((d) => [d.env, ...(d.aliases ?? [])]));
const IMAGE_USER = 10001;

function manifests(file: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(path.join(REPO_ROOT, 'deploy/k8s', file), 'utf8'));
  for (const doc of docs) expect(doc.errors, file).toEqual([]);
  return docs.map((d) => d.toJS() as Obj);
}

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await waitForExit(s.child);
  }
});

describe.each(['single-node.yaml', 'cluster.yaml'])('deploy/k8s/%s', (file) => {
  const docs = manifests(file);
  const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
  const [workload] = byKind('StatefulSet');
  const pod = workload.spec.template.spec;
  const [container] = pod.containers;
  const configMaps = new Map(byKind('ConfigMap').map((c) => [c.metadata.name, c.data as Record<string, string>]));

  it('has what the API server requires of each object, and selectors that match the pods', () => {
    for (const d of docs) {
      expect(d.apiVersion, JSON.stringify(d.metadata)).toMatch(/^(v1|apps\/v1|policy\/v1)$/);
      expect(d.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
    const labels = workload.spec.template.metadata.labels;
    expect(labels).toMatchObject(workload.spec.selector.matchLabels);
    for (const svc of byKind('Service')) expect(labels).toMatchObject(svc.spec.selector);
    expect(byKind('Service').map((s) => s.metadata.name)).toContain(workload.spec.serviceName);
    const portNames = container.ports.map((p: Obj) => p.name);
    for (const svc of byKind('Service')) {
      for (const p of svc.spec.ports) expect(portNames, `${svc.metadata.name} ${p.name}`).toContain(p.targetPort);
    }
  });

  it('sets only settings the server knows, from objects defined here or named in the header', () => {
    const envNames = [
      ...[...configMaps.values()].flatMap((data) => Object.keys(data)),
      ...(container.env ?? []).map((e: Obj) => e.name as string).filter((n: string) => n !== 'POD_IP'),
      ...byKind('Secret').flatMap((s) => Object.keys(s.stringData ?? {})),
    ];
    for (const name of envNames) expect(KNOWN_SETTINGS, name).toContain(name);
    for (const from of container.envFrom) {
      if (from.configMapRef) expect([...configMaps.keys()]).toContain(from.configMapRef.name);
    }
  });

  it('exposes the ports the server listens on: HTTP, gRPC = HTTP + 1000, console = HTTP + 2000', () => {
    const env = Object.assign({}, ...[...configMaps.values()]) as Record<string, string>;
    const http = Number(env.RNACOS_HTTP_PORT ?? 8848);
    const ports = Object.fromEntries(container.ports.map((p: Obj) => [p.name, p.containerPort]));
    expect(ports).toEqual({ http, grpc: http + 1000, console: http + 2000 });
  });

  it('runs as the image user without privileges, within resource limits', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: IMAGE_USER });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false });
    expect(container.resources.limits.memory).toMatch(/^\d+(Mi|Gi)$/);
    expect(container.resources.limits.cpu).toBeTruthy();
    expect(container.resources.requests.memory).toBeTruthy();
    // a read-only root: the data dir and /tmp are volumes
    const mounts = container.volumeMounts.map((m: Obj) => m.mountPath);
    expect(mounts).toEqual(expect.arrayContaining(['/var/lib/tsnacos', '/tmp']));
  });

  it('passes the Pod Security Standard "restricted"', () => {
    expect(restrictedViolations(pod)).toEqual([]);
  });

  it('probes paths a running server answers with 200 on the port they name', async () => {
    const env = Object.assign({}, ...[...configMaps.values()]) as Record<string, string>;
    const server = await startServerProcess(
      { RNACOS_DATA_DIR: tempDataDir(), RNACOS_LOG_LEVEL: env.RNACOS_LOG_LEVEL ?? 'info' },
      { built: true },
    );
    servers.push(server);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe.httpGet.port).toBe('http');
      const res = await fetch(`${server.baseUrl}${probe.httpGet.path}`);
      expect(res.status, probe.httpGet.path).toBe(200);
    }
  });
});

describe('deploy/k8s/single-node.yaml storage', () => {
  it('keeps the data dir on the persistent volume claim', () => {
    const docs = manifests('single-node.yaml');
    const set = docs.find((d) => d.kind === 'StatefulSet')!;
    const config = docs.find((d) => d.kind === 'ConfigMap')!;
    const [claim] = set.spec.volumeClaimTemplates;
    const mount = set.spec.template.spec.containers[0].volumeMounts.find((m: Obj) => m.name === claim.metadata.name);
    expect(mount.mountPath).toBe(config.data.RNACOS_DATA_DIR);
    expect(set.spec.replicas).toBe(1);
  });
});

describe('deploy/k8s/cluster.yaml node identity', () => {
  it('gives each pod of the StatefulSet its own positive node id, from its ordinal', () => {
    const set = manifests('cluster.yaml').find((d) => d.kind === 'StatefulSet')!;
    const [shell, flag, script] = set.spec.template.spec.containers[0].command as string[];
    expect(script).toContain('exec /opt/tsnacos/bin/tsnacos');
    // the same shell line, with the server replaced by a look at its environment
    const probe = script.replace('/opt/tsnacos/bin/tsnacos', 'printenv RNACOS_RAFT_NODE_ID');
    const ids = ['tsnacos-cluster-0', 'tsnacos-cluster-1', 'tsnacos-cluster-2'].map((host) => {
      const res = spawnSync(shell, [flag, probe], {
        env: { PATH: process.env.PATH, HOSTNAME: host },
        encoding: 'utf8',
      });
      return res.stdout.trim();
    });
    expect(ids).toEqual(['1', '2', '3']);
    expect(set.spec.template.spec.containers[0].env).toContainEqual({
      name: 'RNACOS_RAFT_NODE_ADDR',
      value: '$(POD_IP):9848',
    });
  });
});

describe('deploy/k8s/cluster.yaml availability', () => {
  const docs = manifests('cluster.yaml');
  const set = docs.find((d) => d.kind === 'StatefulSet')!;
  const labels = set.spec.template.metadata.labels;

  it('lets a drain take one node at a time', () => {
    const budget = docs.find((d) => d.kind === 'PodDisruptionBudget')!;
    expect(labels).toMatchObject(budget.spec.selector.matchLabels);
    expect(budget.spec.maxUnavailable).toBe(1);
  });

  it('spreads the nodes over machines where it can', () => {
    const [term] = set.spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution;
    expect(term.podAffinityTerm.topologyKey).toBe('kubernetes.io/hostname');
    expect(labels).toMatchObject(term.podAffinityTerm.labelSelector.matchLabels);
  });
});

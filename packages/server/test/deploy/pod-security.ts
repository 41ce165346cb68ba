/**
 * The checks of Kubernetes' Pod Security Standard "restricted" (the baseline ones included), applied to a
 * pod spec as the admission controller applies them: what a namespace labelled
 * `pod-security.kubernetes.io/enforce: restricted` would refuse. Returns one text per violation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, read field by field
type Obj = Record<string, any>;

const RESTRICTED_VOLUME_TYPES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
]);
const SECCOMP_TYPES = new Set(['RuntimeDefault', 'Localhost']);

export function restrictedViolations(pod: Obj): string[] {
  const found: string[] = [];
  const podSc: Obj = pod.securityContext ?? {};
  const containers: Obj[] = [
    ...(pod.containers ?? []),
    ...(pod.initContainers ?? []),
    ...(pod.ephemeralContainers ?? []),
  ];
  for (const host of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[host]) found.push(`${host} is set`);
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((k) => k !== 'name');
    if (!type || !RESTRICTED_VOLUME_TYPES.has(type)) found.push(`volume ${volume.name} is of type ${type}`);
  }
  for (const sysctl of podSc.sysctls ?? []) if (!SAFE_SYSCTLS.has(sysctl.name)) found.push(`sysctl ${sysctl.name}`);
  if (podSc.runAsNonRoot === false) found.push('the pod sets runAsNonRoot: false');
  if (podSc.runAsUser === 0) found.push('the pod runs as user 0');
  if (podSc.seccompProfile && !SECCOMP_TYPES.has(podSc.seccompProfile.type)) {
    found.push(`the pod's seccomp profile is ${podSc.seccompProfile.type}`);
  }
  for (const c of containers) {
    const sc: Obj = c.securityContext ?? {};
    const name = `container ${c.name}`;
    if (sc.privileged) found.push(`${name} is privileged`);
    if (sc.allowPrivilegeEscalation !== false) found.push(`${name} does not set allowPrivilegeEscalation: false`);
    if (sc.runAsNonRoot === false || (sc.runAsNonRoot !== true && podSc.runAsNonRoot !== true)) {
      found.push(`${name} may run as root (runAsNonRoot is not true)`);
    }
    if (sc.runAsUser === 0) found.push(`${name} runs as user 0`);
    const seccomp = sc.seccompProfile?.type ?? podSc.seccompProfile?.type;
    if (!SECCOMP_TYPES.has(seccomp)) found.push(`${name} has no RuntimeDefault or Localhost seccomp profile`);
    const caps: Obj = sc.capabilities ?? {};
    if (!(caps.drop ?? []).includes('ALL')) found.push(`${name} does not drop ALL capabilities`);
    for (const add of caps.add ?? []) if (add !== 'NET_BIND_SERVICE') found.push(`${name} adds capability ${add}`);
    for (const port of c.ports ?? []) if (port.hostPort) found.push(`${name} uses host port ${port.hostPort}`);
    if (sc.procMount && sc.procMount !== 'Default') found.push(`${name} sets procMount ${sc.procMount}`);
    const appArmor = sc.appArmorProfile?.type ?? podSc.appArmorProfile?.type;
    if (appArmor === 'Unconfined') found.push(`${name} runs without AppArmor`);
    const seLinux: Obj = sc.seLinuxOptions ?? podSc.seLinuxOptions ?? {};
    if (seLinux.user || seLinux.role) found.push(`${name} sets an SELinux user or role`);
    if (
      seLinux.type &&
      !['container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t'].includes(seLinux.type)
    ) {
      found.push(`${name} sets SELinux type ${seLinux.type}`);
    }
  }
  return found;
}

/**
 * The long-lived client connections (nacos 2.x gRPC) the server currently holds. The gRPC door keeps the
 * streams; this registry keeps what the rest of the server may read about them (the console lists them,
 * naming and config state is bound to their ids).
 */
export interface ClientConnectionInfo {
  /** `{connectedAt}_{remoteIp}_{remotePort}`, the id nacos servers hand out. */
  id: string;
  /** Address the connection comes from. */
  remoteIp: string;
  remotePort: number;
  /** The client's own idea of its IP (from the request metadata), else the remote IP. */
  clientIp: string;
  /** `Nacos-Java-Client:v2.5.1` and the like; "" until the client has sent its setup. */
  clientVersion: string;
  /** `AppName` label; "" when the client did not say. */
  appName: string;
  /** Namespace (tenant) the client declared at setup, as it spelled it. */
  namespace: string;
  labels: Record<string, string>;
  connectedAt: number;
  lastActiveAt: number;
}

export type ConnectionSetup = Pick<ClientConnectionInfo, 'clientVersion' | 'appName' | 'namespace' | 'labels'> & {
  clientIp?: string;
};

/** Asks one client to reconnect, to `redirectAddress` (`ip:port`) when given (the door that can, sets it). */
export type ConnectionResetter = (id: string, redirectAddress?: string) => void;

export class ClientConnectionRegistry {
  private readonly byId = new Map<string, ClientConnectionInfo>();
  private resetter: ConnectionResetter | undefined;

  setResetter(resetter: ConnectionResetter): void {
    this.resetter = resetter;
  }

  /**
   * Keeps `keep` connections (the oldest) and asks the others to reconnect, to `redirectAddress` when given
   * (nacos' `loader/reloadCurrent`, to move clients off a busy node). Returns how many were asked.
   */
  rebalance(keep: number, redirectAddress?: string): number {
    const reset = this.resetter;
    if (!reset) return 0;
    const moving = [...this.byId.keys()].slice(Math.max(0, keep));
    for (const id of moving) reset(id, redirectAddress);
    return moving.length;
  }

  /** Asks one client to reconnect (nacos' `loader/reloadClient`); false when no such connection is held. */
  reset(id: string, redirectAddress?: string): boolean {
    if (!this.resetter || !this.byId.has(id)) return false;
    this.resetter(id, redirectAddress);
    return true;
  }

  add(info: ClientConnectionInfo): void {
    this.byId.set(info.id, info);
  }

  /** Fills in what the client declared in its setup message. */
  setup(id: string, setup: ConnectionSetup): void {
    const info = this.byId.get(id);
    if (!info) return;
    info.clientVersion = setup.clientVersion;
    info.appName = setup.appName;
    info.namespace = setup.namespace;
    info.labels = setup.labels;
    if (setup.clientIp) info.clientIp = setup.clientIp;
  }

  touch(id: string, now: number): void {
    const info = this.byId.get(id);
    if (info) info.lastActiveAt = now;
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  get(id: string): Readonly<ClientConnectionInfo> | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Snapshot copies, oldest connection first. */
  list(): ClientConnectionInfo[] {
    return [...this.byId.values()].map((info) => ({ ...info, labels: { ...info.labels } }));
  }

  count(): number {
    return this.byId.size;
  }
}

/** One node of the cluster as the console and the cluster endpoints show it. */
export interface ClusterMember {
  nodeId: number;
  /** The node's gRPC address, `host:port`. */
  addr: string;
  /** True for the node answering. */
  self: boolean;
  /** True for the node that runs the cluster-wide chores (there is one at a time). */
  leader: boolean;
  /** False once the node stopped renewing its membership. */
  healthy: boolean;
}

/** Which nodes make up the cluster; a single node is a cluster of one. */
export interface ClusterMembers {
  /** `cluster` whenever nodes share a database (even while only one runs), as nacos tells its console. */
  readonly mode: 'standalone' | 'cluster';
  list(): ClusterMember[];
  /** False while this node cannot represent clients (cut off from the store past its lease): it takes none. */
  acceptsClients(): boolean;
  /** `listener` is called when this node lets its clients go: they should reconnect to another node. */
  onReleaseClients(listener: () => void): void;
  /** Whether this node reaches its store right now (another node asks, to tell whether it alone is cut off). */
  storeReachable(): Promise<boolean>;
}

/** The embedded store: this node is the whole cluster, its leader, and healthy. */
export class SingleNodeMembers implements ClusterMembers {
  readonly mode = 'standalone' as const;
  private readonly members: ClusterMember[];

  constructor(nodeId: number, addr: string) {
    this.members = [{ nodeId, addr, self: true, leader: true, healthy: true }];
  }

  list(): ClusterMember[] {
    return this.members;
  }

  acceptsClients(): boolean {
    return true;
  }

  onReleaseClients(): void {
    // a single node always holds its clients
  }

  async storeReachable(): Promise<boolean> {
    return true;
  }
}

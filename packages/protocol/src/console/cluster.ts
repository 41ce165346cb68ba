export interface ClusterNodeInfo {
  nodeId: number;
  /** gRPC address host:port. */
  addr: string;
  currentNode: boolean;
  raftLeader: boolean;
  distroValid: boolean;
}

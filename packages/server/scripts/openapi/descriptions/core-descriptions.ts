import { d, type DescriptionTable } from './route-description.js';

const HEALTH = d('Health probe: UP while the server serves');

export const CORE_DESCRIPTIONS: DescriptionTable = {
  'GET /nacos/v1/console/server/state': d('Version, standalone or cluster, auth on or off'),
  'GET /nacos/v1/core/cluster/nodes': d('Cluster members'),
  'GET /nacos/v1/core/cluster/self': d('This node'),
  'GET /nacos/v1/core/cluster/simple/nodes': d("Cluster members' addresses"),
  'GET /nacos/v1/core/cluster/store-health': d('Whether this node reaches the database (asked by the other nodes)'),
  'GET /nacos/v1/core/cluster/peer/listeners': d("This node's config listeners (asked by the other nodes)"),
  'GET /nacos/v2/core/cluster/node/self': d('This node (v2)'),
  'GET /nacos/v2/core/cluster/node/list': d('Cluster members (v2)'),
  'GET /nacos/v2/core/cluster/node/self/health': d("This node's health (v2)"),
  'GET /nacos/v2/core/loader/reloadCurrent': d('Move some gRPC clients to other nodes'),
  'GET /nacos/v3/admin/core/state': d('Server state (nacos 3)'),
  'GET /nacos/v3/admin/core/cluster/node/list': d('Cluster members (nacos 3 admin)'),
  'GET /nacos/v3/admin/core/cluster/node/self': d('This node (nacos 3 admin)'),
  'GET /nacos/health': HEALTH,
  'GET /health': HEALTH,
  'GET /rnacos/health': HEALTH,
  'GET /nacos/v1/console/health/liveness': d('Liveness probe'),
  'GET /nacos/v1/console/health/readiness': d('Readiness probe: 500 while starting or stopping'),
  'GET /nacos/v3/admin/core/state/liveness': d('Liveness probe (nacos 3)'),
  'GET /nacos/v3/admin/core/state/readiness': d('Readiness probe (nacos 3)'),
  'GET /metrics': d('Prometheus metrics'),
  'GET /nacos/metrics': d('Prometheus metrics'),
  'GET /rnacos/metrics': d('Prometheus metrics'),
};

import { d, forMethods, type DescriptionTable } from './route-description.js';

const V1 = '/nacos/v1/ns';
const INSTANCE = 'serviceName! ip! port! namespaceId groupName clusterName weight enabled healthy ephemeral metadata';
const INSTANCE_KEY = 'serviceName! ip! port! namespaceId groupName clusterName ephemeral';
const SERVICE = 'serviceName! namespaceId groupName protectThreshold metadata selector';
const LIST = 'serviceName! namespaceId groupName clusters healthyOnly';

export const NAMING_DESCRIPTIONS: DescriptionTable = {
  [`POST ${V1}/instance`]: d('Register an instance', INSTANCE),
  [`PUT ${V1}/instance`]: d('Update an instance (registered when absent)', INSTANCE),
  [`PATCH ${V1}/instance`]: d('Change only the given fields of an instance', INSTANCE),
  [`DELETE ${V1}/instance`]: d('Deregister an instance', INSTANCE_KEY),
  [`GET ${V1}/instance`]: d('One instance', INSTANCE_KEY),
  [`GET ${V1}/instance/list`]: d("A service's instances (1.x clients poll it)", `${LIST} udpPort clientIP`),
  [`PUT ${V1}/instance/beat`]: d('Heartbeat of an ephemeral instance', 'serviceName! beat! namespaceId groupName'),
  [`POST ${V1}/service`]: d('Create a service', SERVICE),
  [`PUT ${V1}/service`]: d('Update a service', SERVICE),
  [`DELETE ${V1}/service`]: d('Remove a service', 'serviceName! namespaceId groupName'),
  [`GET ${V1}/service`]: d('One service', 'serviceName! namespaceId groupName'),
  [`GET ${V1}/service/list`]: d("A namespace's services", 'pageNo! pageSize! namespaceId groupName'),
  [`GET ${V1}/service/subscribers`]: d("A service's subscribers", 'serviceName! namespaceId groupName pageNo pageSize'),
  [`PUT ${V1}/cluster`]: d(
    "A cluster's health check",
    'serviceName! clusterName! namespaceId groupName checkPort useInstancePort4Check healthChecker metadata',
  ),
  ...forMethods('GET', `${V1}/operator/metrics`, d('Naming status and counts')),
  ...forMethods('GET', `${V1}/ops/metrics`, d('Naming status and counts')),
  'POST /nacos/v2/ns/instance': d('Register an instance (v2)', INSTANCE),
  'PUT /nacos/v2/ns/instance': d('Update an instance (v2)', INSTANCE),
  'DELETE /nacos/v2/ns/instance': d('Deregister an instance (v2)', INSTANCE_KEY),
  'GET /nacos/v2/ns/instance/list': d("A service's instances (v2)", LIST),
  'GET /nacos/v2/ns/service/list': d("A namespace's services (v2)", 'namespaceId groupName pageNo pageSize'),
  'POST /nacos/v3/client/ns/instance': d('Register an instance (nacos 3 client)', INSTANCE),
  'DELETE /nacos/v3/client/ns/instance': d('Deregister an instance (nacos 3 client)', INSTANCE_KEY),
  'GET /nacos/v3/client/ns/instance/list': d("A service's instances (nacos 3 client)", `${LIST} clusterName`),
  'POST /nacos/v3/admin/ns/instance': d('Register an instance (nacos 3 admin)', INSTANCE),
  'GET /nacos/v3/admin/ns/instance/list': d("A service's instances, disabled ones too (nacos 3 admin)", LIST),
  'GET /nacos/v3/admin/ns/service/list': d("A namespace's services (nacos 3 admin)", 'namespaceId pageNo pageSize'),
};

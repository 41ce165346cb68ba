import { d, forMethods, type DescriptionTable } from './route-description.js';

const PUBLISH = d('Publish a config', 'dataId! group! content! tenant type appName desc config_tags casMd5 tag');
const V1 = '/nacos/v1/cs';

export const CONFIG_DESCRIPTIONS: DescriptionTable = {
  [`GET ${V1}/configs`]: d('Read a config, or search configs', 'dataId! group! tenant tag beta search pageNo pageSize'),
  ...forMethods('POST PUT', `${V1}/configs`, PUBLISH),
  [`DELETE ${V1}/configs`]: d('Remove a config, or stop its beta or tag release', 'dataId! group! tenant beta tag'),
  [`POST ${V1}/configs/listener`]: d('Long-poll: answered when a listened config changes', 'Listening-Configs!'),
  [`GET ${V1}/configs/listener`]: d('Which clients listen to a config', 'dataId! group! tenant'),
  [`GET ${V1}/listener`]: d('What a client IP listens to', 'ip! tenant all'),
  'GET /nacos/v2/cs/config': d('Read a config (v2)', 'dataId! group! namespaceId tag'),
  'POST /nacos/v2/cs/config': d(
    'Publish a config (v2)',
    'dataId! group! content! namespaceId type appName desc configTags tag',
  ),
  'DELETE /nacos/v2/cs/config': d('Remove a config (v2)', 'dataId! group! namespaceId tag'),
  'GET /nacos/v2/cs/history/list': d("A config's history (v2)", 'dataId! group! namespaceId pageNo pageSize'),
  'GET /nacos/v2/cs/history': d('One history entry (v2)', 'nid! dataId! group! namespaceId'),
  'GET /nacos/v2/cs/history/previous': d('The entry before a history entry (v2)', 'id! dataId! group! namespaceId'),
  'GET /nacos/v2/cs/history/configs': d("A namespace's configs (v2)", 'namespaceId!'),
  'GET /nacos/v3/client/cs/config': d('Read a config (nacos 3 client)', 'dataId! groupName! namespaceId'),
  'GET /nacos/v3/admin/cs/config': d('Read a config (nacos 3 admin)', 'dataId! groupName! namespaceId'),
  'POST /nacos/v3/admin/cs/config': d(
    'Publish a config (nacos 3 admin)',
    'dataId! groupName! content! namespaceId type',
  ),
  'DELETE /nacos/v3/admin/cs/config': d('Remove a config (nacos 3 admin)', 'dataId! groupName! namespaceId'),
  'GET /nacos/v3/admin/cs/config/list': d(
    'Search configs (nacos 3 admin)',
    'pageNo! pageSize! search dataId groupName namespaceId',
  ),
  'GET /nacos/v3/admin/cs/history/list': d(
    "A config's history (nacos 3 admin)",
    'dataId! groupName! namespaceId pageNo pageSize',
  ),
};

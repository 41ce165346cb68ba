import { d, type DescriptionTable } from './route-description.js';

const V1 = '/nacos/v1/console/namespaces';
const V2 = '/nacos/v2/console/namespace';
const V3 = '/nacos/v3/admin/core/namespace';

export const NAMESPACE_DESCRIPTIONS: DescriptionTable = {
  [`GET ${V1}`]: d('The namespaces the caller may see, or one of them', 'show namespaceId'),
  [`POST ${V1}`]: d('Create a namespace', 'namespaceName! customNamespaceId namespaceDesc'),
  [`PUT ${V1}`]: d('Rename a namespace', 'namespace! namespaceShowName! namespaceDesc'),
  [`DELETE ${V1}`]: d('Remove an empty namespace', 'namespaceId!'),
  [`GET ${V2}/list`]: d('The namespaces the caller may see (v2)'),
  [`GET ${V2}`]: d('One namespace (v2)', 'namespaceId'),
  [`POST ${V2}`]: d('Create a namespace (v2)', 'namespaceId namespaceName! namespaceDesc'),
  [`PUT ${V2}`]: d('Rename a namespace (v2)', 'namespaceId! namespaceName! namespaceDesc'),
  [`DELETE ${V2}`]: d('Remove an empty namespace (v2)', 'namespaceId!'),
  [`GET ${V3}/list`]: d('Every namespace (nacos 3 admin)'),
  [`GET ${V3}`]: d('One namespace (nacos 3 admin)', 'namespaceId!'),
  [`POST ${V3}`]: d('Create a namespace (nacos 3 admin)', 'namespaceId namespaceName! namespaceDesc'),
  [`PUT ${V3}`]: d('Rename a namespace (nacos 3 admin)', 'namespaceId! namespaceName! namespaceDesc'),
  [`DELETE ${V3}`]: d('Remove an empty namespace (nacos 3 admin)', 'namespaceId!'),
  [`GET ${V3}/check`]: d('Whether a namespace id is taken (1 or 0)', 'namespaceId!'),
};

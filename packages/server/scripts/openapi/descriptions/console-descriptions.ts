import { d, type DescriptionTable } from './route-description.js';

const API = '/rnacos/api/console';
const V2 = `${API}/v2`;
const CONFIG_KEY = 'dataId! group tenant';
const SERVICE_KEY = 'serviceName! namespaceId groupName';

/** The console API (its request and answer types are in packages/protocol). */
export const CONSOLE_DESCRIPTIONS: DescriptionTable = {
  [`GET ${V2}/login/captcha`]: d('A picture captcha for the login (sealed in a cookie)'),
  [`GET ${V2}/login/config`]: d('How users log in here: password, LDAP, OAuth2'),
  [`POST ${V2}/login/login`]: d('Log in: sets the session cookie', 'username! password! captcha'),
  [`POST ${V2}/login/logout`]: d('Log out: ends the session'),
  [`POST ${V2}/login/oauth2/login`]: d('Start an OAuth2 login'),
  [`GET ${V2}/login/oauth2/authorize`]: d("Send the browser to the OAuth2 provider's login"),
  [`GET ${V2}/login/oauth2/callback`]: d("The OAuth2 provider's answer: logs the user in"),
  [`GET ${V2}/user/info`]: d('The logged-in user'),
  [`GET ${V2}/user/web_resources`]: d('The pages and actions the logged-in user may use'),
  [`POST ${V2}/user/reset_password`]: d("Change one's own password", 'oldPassword! newPassword!'),
  [`GET ${V2}/user/list`]: d('Users (admins)', 'likeUsername pageNo pageSize'),
  [`POST ${V2}/user/add`]: d('Create a user (admins)'),
  [`POST ${V2}/user/update`]: d("Change a user's roles, namespaces or password (admins)"),
  [`POST ${V2}/user/remove`]: d('Remove a user (admins)'),
  [`GET ${V2}/namespaces/list`]: d('The namespaces the user may see'),
  [`POST ${V2}/namespaces/add`]: d('Create a namespace'),
  [`POST ${V2}/namespaces/update`]: d('Rename a namespace'),
  [`POST ${V2}/namespaces/remove`]: d('Remove an empty namespace'),
  [`GET ${V2}/config/list`]: d('Configs of a namespace', 'tenant groupParam dataParam pageNo pageSize'),
  [`GET ${V2}/config/info`]: d('One config', CONFIG_KEY),
  [`POST ${V2}/config/add`]: d('Create a config'),
  [`POST ${V2}/config/update`]: d('Publish a config'),
  [`POST ${V2}/config/remove`]: d('Remove a config'),
  [`GET ${V2}/config/history`]: d("A config's history", `${CONFIG_KEY} pageNo pageSize`),
  [`GET ${V2}/config/listeners`]: d('Clients listening to a config, or from one IP', 'tenant dataId group ip'),
  [`POST ${V2}/config/clone`]: d('Copy configs into another namespace'),
  [`POST ${V2}/config/import`]: d('Import configs from a zip', 'policy'),
  [`GET ${V2}/service/list`]: d(
    'Services of a namespace',
    'namespaceId groupNameParam serviceNameParam pageNo pageSize',
  ),
  [`GET ${V2}/instance/list`]: d("A service's instances", SERVICE_KEY),
  [`POST ${V2}/instance/update`]: d("Change an instance's weight, state or metadata"),
  [`GET ${V2}/cluster/cluster_node_list`]: d('Cluster members'),
  [`GET ${V2}/metrics/timeline`]: d('Metrics over time, for the monitor page'),
  [`GET ${V2}/mcp/server/list`]: d('Hosted MCP servers', 'namespaceId nameFilter pageNo pageSize'),
  [`GET ${V2}/mcp/toolspec/list`]: d('Tool specs', 'namespaceId groupFilter toolNameFilter pageNo pageSize'),
  [`GET ${V2}/ai/mcp/list`]: d('MCP servers registered in the AI registry', 'namespaceId nameFilter pageNo pageSize'),
  [`GET ${V2}/ai/a2a/list`]: d('A2A agents registered in the AI registry', 'namespaceId nameFilter pageNo pageSize'),
  [`GET ${V2}/audit/list`]: d('The audit log of writes and logins'),
  [`GET ${API}/transfer/export`]: d('Export the whole store as a transfer file (admins)'),
  [`POST ${API}/transfer/import`]: d('Import a transfer file (admins)'),
  [`GET ${API}/backup/download`]: d('Download a hot backup of the SQLite store (admins)'),
};

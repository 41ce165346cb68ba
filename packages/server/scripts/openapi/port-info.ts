import type { OpenAPIV3_1 } from 'openapi-types';
import type { Port } from './registered-routes.js';

const host = { default: '127.0.0.1' };

/** What each port's document says of the port as a whole. */
export const PORT_INFO: Record<Port, { title: string; description: string; server: OpenAPIV3_1.ServerObject }> = {
  sdk: {
    title: 'tsnacos SDK HTTP port',
    description: [
      "The routes of tsnacos's SDK HTTP port: the nacos OpenAPI v1, v2 and v3 under /nacos, the MCP Registry API",
      "(/v0, /v0.1), r-nacos's routes under /rnacos and the MCP endpoints of the MCP servers hosted here.",
      'Parameters are read from the query or, for writes, from an application/x-www-form-urlencoded body alike.',
      'The routes marked with the accessToken scheme need a login only while RNACOS_ENABLE_OPEN_API_AUTH is true;',
      'x-access says what the user must then be allowed (read or write the namespace in x-namespace, or be an admin).',
      'What each route answers, and which nacos routes are not served: docs/api.md.',
      'Generated from the registered routes by `npm run docs:openapi`.',
    ].join(' '),
    server: {
      url: 'http://{host}:{port}',
      description: 'The SDK HTTP port: RNACOS_HTTP_PORT.',
      variables: { host, port: { default: '8848' } },
    },
  },
  console: {
    title: 'tsnacos console port',
    description: [
      "The routes of tsnacos's console port: the web console under /rnacos and its API under /rnacos/api/console",
      '(request and answer types in packages/protocol; v2 answers in the {success, code, message, data} envelope).',
      'A route with the consoleSession scheme needs a console login; x-roles lists the roles that open it, and',
      'x-namespace the request fields whose namespaces the user must be granted.',
      'Generated from the registered routes by `npm run docs:openapi`.',
    ].join(' '),
    server: {
      url: 'http://{host}:{port}',
      description: 'The console port: RNACOS_HTTP_CONSOLE_PORT, by default RNACOS_HTTP_PORT + 2000.',
      variables: { host, port: { default: '10848' } },
    },
  },
};

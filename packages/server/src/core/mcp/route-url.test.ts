import { describe, expect, it } from 'vitest';
import { NacosError } from '../../shared/errors.js';
import { ROLE_ADMIN, ROLE_DEVELOPER } from '../auth/user-model.js';
import type { RouteRule } from './mcp-model.js';
import { checkRouteUrls, routesToInstance } from './route-url.js';

const tool = (url: string): { routeRule: RouteRule } => ({
  routeRule: {
    protocol: 'http',
    url,
    method: 'GET',
    additionHeaders: {},
    convertType: 'NONE',
    serviceNamespace: '',
    serviceGroup: 'DEFAULT_GROUP',
    serviceName: 's',
  },
});
const developer = { user: 'dev', roles: [ROLE_DEVELOPER] };
const admin = { user: 'root', roles: [ROLE_ADMIN] };

describe('route URLs', () => {
  it.each(['/orders/{{id}}', 'http://{IP_PORT}/a', 'https://{IP_PORT}', 'HTTP://{IP_PORT}?q=1', 'http://{IP_PORT}#x'])(
    '%s goes to an instance',
    (url) => expect(routesToInstance(url)).toBe(true),
  );

  it.each([
    'http://127.0.0.1:10848/rnacos/api/console/v2/user/list',
    'http://169.254.169.254/latest/meta-data/',
    'http://gateway/?to={IP_PORT}',
    'http://{IP_PORT}.evil.test/',
    'http://{IP_PORT}@evil.test/',
    'http://{IP_PORT}{{port}}/',
    'http://x{IP_PORT}/',
  ])('%s is absolute', (url) => expect(routesToInstance(url)).toBe(false));

  it('refuses an absolute URL a developer saves, naming the tool and what to use instead', () => {
    const save = () => checkRouteUrls([tool('/a'), tool('http://169.254.169.254/latest/')], developer, new Set());
    expect(save).toThrow(NacosError);
    expect(save).toThrow(
      'tools[1].routeRule.url: only an admin may route a tool to an absolute URL (http://169.254.169.254/latest/)',
    );
    expect(() => checkRouteUrls([tool('http://gateway/?to={IP_PORT}')], developer, new Set())).toThrow('only an admin');
  });

  it('lets a developer keep an absolute URL the server already routes to, and lets an admin save any', () => {
    const kept = new Set(['http://partner.example/api']);
    expect(() => checkRouteUrls([tool('http://partner.example/api'), tool('/b')], developer, kept)).not.toThrow();
    expect(() => checkRouteUrls([tool('http://partner.example/api2')], developer, kept)).toThrow('only an admin');
    expect(() => checkRouteUrls([tool('http://127.0.0.1:1/x')], admin, new Set())).not.toThrow();
  });
});

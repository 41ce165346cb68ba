import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.js';
import { reachableAddresses, startupBanner } from './startup-banner.js';

const urls = { http: 'http://127.0.0.1:8848', grpc: 9848, console: 'http://127.0.0.1:10848' };

describe('startupBanner', () => {
  it('names every reachable address when bound to all interfaces, not only 127.0.0.1', () => {
    const { fields, msg } = startupBanner('1.0.0', loadSettings({}), urls, '/data', ['10.0.0.5', '127.0.0.1']);
    expect(fields.http).toEqual(['http://10.0.0.5:8848/nacos', 'http://127.0.0.1:8848/nacos']);
    expect(fields.console).toEqual(['http://10.0.0.5:10848/rnacos/', 'http://127.0.0.1:10848/rnacos/']);
    expect(fields.sdkHost).toBe('all interfaces (0.0.0.0)');
    expect(msg).toContain('nacos HTTP API http://10.0.0.5:8848/nacos http://127.0.0.1:8848/nacos');
  });

  it('gives the one address a port is bound to', () => {
    const settings = loadSettings({ RNACOS_SDK_HOST: '10.0.0.5', RNACOS_CONSOLE_HOST: '127.0.0.1' });
    const bound = { ...urls, http: 'http://10.0.0.5:8848' };
    const { fields } = startupBanner('1.0.0', settings, bound, '/data', ['10.0.0.5', '127.0.0.1']);
    expect(fields.http).toEqual(['http://10.0.0.5:8848/nacos']);
    expect(fields.console).toEqual(['http://127.0.0.1:10848/rnacos/']);
  });

  it('lists this host’s external IPv4 addresses, loopback last', () => {
    const addresses = reachableAddresses({
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }],
      eth0: [{ address: '10.0.0.5', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }],
    });
    expect(addresses).toEqual(['10.0.0.5', '127.0.0.1']);
  });
});

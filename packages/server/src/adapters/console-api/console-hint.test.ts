import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerConsoleHint } from './console-hint.js';

async function hintFor(host: string): Promise<string> {
  const app = Fastify();
  registerConsoleHint(app, 10848);
  const res = await app.inject({ method: 'GET', url: '/rnacos/', headers: { host } });
  await app.close();
  return res.body;
}

describe('the console hint on the SDK port', () => {
  it('links to the console port on the host the browser used', async () => {
    expect(await hintFor('10.1.2.3:8848')).toContain('<a href="http://10.1.2.3:10848/rnacos/">');
    expect(await hintFor('nacos.example.com:8848')).toContain('href="http://nacos.example.com:10848/rnacos/"');
    expect(await hintFor('[fd00::1]:8848')).toContain('href="http://[fd00::1]:10848/rnacos/"');
  });

  it('puts no markup from the Host header into the page', async () => {
    const body = await hintFor('"><script>x</script>');
    expect(body).not.toContain('<script>');
    expect(body).toContain('href="http://localhost:10848/rnacos/"');
  });
});

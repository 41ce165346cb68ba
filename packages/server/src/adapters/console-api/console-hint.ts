import type { FastifyInstance } from 'fastify';

/**
 * On the SDK port when the no-login console is off: a short page pointing to the console port, for people
 * who open the SDK address in a browser.
 */
export function registerConsoleHint(app: FastifyInstance, consolePort: number): void {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>tsnacos</title></head><body>' +
    '<p>The console without login is disabled on this port.</p>' +
    (consolePort > 0
      ? `<p>Open the console on its own port: <a href="http://localhost:${consolePort}/rnacos/">http://localhost:${consolePort}/rnacos/</a></p>`
      : '') +
    '<p>To serve it here without login, start with <code>RNACOS_ENABLE_NO_AUTH_CONSOLE=true</code> ' +
    '(only while <code>RNACOS_ENABLE_OPEN_API_AUTH</code> is off).</p></body></html>';
  for (const path of ['/', '/nacos', '/nacos/', '/rnacos', '/rnacos/', '/rnacos/*']) {
    app.get(path, async (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  }
}

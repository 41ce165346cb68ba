import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A host name or address as a Host header carries it; anything else is not put into the page. */
const PLAIN_HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)$/;

/** The console's address as seen from the browser: the host it used to reach this port. */
function consoleUrl(req: FastifyRequest, consolePort: number): string {
  const host = PLAIN_HOST.test(req.hostname) ? req.hostname : 'localhost';
  return `http://${host}:${consolePort}/rnacos/`;
}

/**
 * On the SDK port when the no-login console is off: a short page pointing to the console port, for people
 * who open the SDK address in a browser.
 */
export function registerConsoleHint(app: FastifyInstance, consolePort: number): void {
  const page = (req: FastifyRequest) =>
    '<!doctype html><html><head><meta charset="utf-8"><title>tsnacos</title></head><body>' +
    '<p>The console without login is disabled on this port.</p>' +
    (consolePort > 0
      ? `<p>Open the console on its own port: <a href="${consoleUrl(req, consolePort)}">${consoleUrl(req, consolePort)}</a></p>`
      : '') +
    '<p>To serve it here without login, start with <code>RNACOS_ENABLE_NO_AUTH_CONSOLE=true</code> ' +
    '(only while <code>RNACOS_ENABLE_OPEN_API_AUTH</code> is off).</p></body></html>';
  for (const path of ['/', '/nacos', '/nacos/', '/rnacos', '/rnacos/', '/rnacos/*']) {
    app.get(path, async (req, reply) => reply.type('text/html; charset=utf-8').send(page(req)));
  }
}

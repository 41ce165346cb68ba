/** One route as fastify's router prints it: a method and the registered URL (`:name` parameters, `*`). */
export interface PrintedRoute {
  method: string;
  url: string;
}

const LINE = /^([│ ]*)[├└]── (.*)$/;
const WITH_METHODS = /^(.*) \(([A-Z, ]+)\)$/;

/**
 * Reads the tree `fastify.printRoutes()` prints: each line is a node whose text continues its parent's,
 * with the methods registered there, if any. A node holding parameters of different names
 * (`/:serverName|:id`) stands for each of them, and so do its children: compare such URLs by shape
 * (`routeShape`). HEAD routes are left out (fastify adds one per GET).
 */
export function parsePrintedRoutes(tree: string): PrintedRoute[] {
  const routes: PrintedRoute[] = [];
  /** The URLs each open node stands for, by depth. */
  const stack: string[][] = [];
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const methods = WITH_METHODS.exec(match[2]);
    const text = methods ? methods[1] : match[2];
    const parents = depth === 0 ? [''] : stack[depth - 1];
    const urls = parents.flatMap((parent) => alternatives(text).map((alt) => parent + alt));
    stack.length = depth;
    stack.push(urls);
    for (const method of methods ? methods[2].split(', ') : []) {
      if (method === 'HEAD') continue;
      for (const url of urls) routes.push({ method, url });
    }
  }
  return routes;
}

/** `/:serverName|:id` stands for `/:serverName` and `/:id`. */
function alternatives(text: string): string[] {
  const bar = text.indexOf('|:');
  if (bar < 0) return [text];
  const start = text.lastIndexOf(':', bar);
  const head = text.slice(0, start);
  return text
    .slice(start)
    .split('|')
    .map((param) => head + param);
}

/** A URL with its parameters unnamed: `/v0/servers/:id` and `/v0/servers/:serverName` are one shape. */
export const routeShape = (url: string) => url.replace(/:[^/]+/g, ':');

import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Adds `onSend` to the routes registered from now on that can write (any method but GET, HEAD and OPTIONS),
 * and to those `also` names whatever their method: reads, by far the most requests, pay nothing for a hook
 * that only records writes.
 */
export function onSendForWrites(
  app: FastifyInstance,
  handler: onSendAsyncHookHandler,
  also: (url: string) => boolean = () => false,
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READS.has(m)) && !also(route.url)) return;
    const existing = route.onSend;
    route.onSend = existing === undefined ? [handler] : [...(Array.isArray(existing) ? existing : [existing]), handler];
  });
}

import type { ChaosNode } from './chaos-node.js';
import type { History } from './history.js';

export const CONFIG_GROUP = 'DEFAULT_GROUP';
/** Keys every listener of the run listens to (written now and then by the config clients). */
export const WATCHED_KEYS = ['cfg-watch-0', 'cfg-watch-1', 'cfg-watch-2'];

/**
 * A config read on one node, recorded for the read checks: its value (undefined: the node has none), or
 * nothing when the node did not answer.
 */
export async function readConfig(
  history: History,
  client: string,
  node: ChaosNode,
  key: string,
): Promise<{ value: string | undefined } | undefined> {
  const invokedAt = history.now();
  try {
    const res = await fetch(`${node.http}/nacos/v1/cs/configs?dataId=${key}&group=${CONFIG_GROUP}`, {
      signal: AbortSignal.timeout(3_000),
    });
    const body = await res.text();
    if (res.status !== 200 && res.status !== 404) return undefined;
    const value = res.status === 200 ? body : undefined;
    history.read({ client, node: node.nodeId, key, value, invokedAt });
    return { value };
  } catch {
    return undefined;
  }
}

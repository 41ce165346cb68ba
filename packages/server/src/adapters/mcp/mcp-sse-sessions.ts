import { createHash, timingSafeEqual } from 'node:crypto';
import type { McpServer } from '../../core/mcp/mcp-model.js';

export interface SseLimits {
  /** Sessions open at once on this node. */
  maxSessions: number;
  /** Sessions open at once for one MCP server, so that one key holder cannot take them all. */
  maxPerServer: number;
  /** A session without a client message for this long is closed. */
  idleMs: number;
}

/** What the registry needs of an open session. */
export interface SseSessionInput {
  id: string;
  serverId: number;
  serverKey: string;
  authKey: string;
  /** Ends the event stream; the owner then calls `remove`. */
  end: () => void;
}

interface Entry extends SseSessionInput {
  idle: NodeJS.Timeout;
}

/**
 * The SSE sessions open on this node, within their limits: in all, per MCP server, and in time without a
 * client message (only messages the client posts count; what the server sends, keep-alives too, does not).
 * A session ends as soon as its server is gone or no longer holds the key it was opened with, whichever
 * node took that write (`serverChanged` is driven by the MCP service's change events).
 */
export class SseSessions {
  private readonly byId = new Map<string, Entry>();
  private readonly byServer = new Map<number, Set<Entry>>();

  constructor(private readonly limits: SseLimits) {}

  get size(): number {
    return this.byId.size;
  }

  /** Why a new session of the server cannot open now, or undefined when it can. */
  refusal(serverId: number): string | undefined {
    if (this.byId.size >= this.limits.maxSessions) return 'too many MCP SSE sessions open';
    if ((this.byServer.get(serverId)?.size ?? 0) >= this.limits.maxPerServer) {
      return 'too many MCP SSE sessions open for this MCP server';
    }
    return undefined;
  }

  add(session: SseSessionInput): void {
    const idle = setTimeout(() => session.end(), this.limits.idleMs).unref();
    const entry: Entry = Object.assign({ idle }, session);
    this.byId.set(session.id, entry);
    let ofServer = this.byServer.get(session.serverId);
    if (!ofServer) this.byServer.set(session.serverId, (ofServer = new Set()));
    ofServer.add(entry);
  }

  /** The session, if open and still valid for `serverKey`. */
  get(id: string, serverKey: string): SseSessionInput | undefined {
    const entry = this.byId.get(id);
    return entry && entry.serverKey === serverKey ? entry : undefined;
  }

  /** The client sent a message: its idle time starts again. */
  touch(id: string): void {
    this.byId.get(id)?.idle.refresh();
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    clearTimeout(entry.idle);
    this.byId.delete(id);
    const ofServer = this.byServer.get(entry.serverId);
    ofServer?.delete(entry);
    if (ofServer?.size === 0) this.byServer.delete(entry.serverId);
  }

  /** Ends the sessions of the server that its current state no longer admits. */
  serverChanged(serverId: number, server: McpServer | undefined): void {
    for (const entry of [...(this.byServer.get(serverId) ?? [])]) {
      if (!admits(server, entry.serverKey, entry.authKey)) entry.end();
    }
  }

  /** Every open session, to end them all. */
  all(): SseSessionInput[] {
    return [...this.byId.values()];
  }
}

/** Whether the server (as it is now) is reached with this server key and auth key. */
export function admits(server: McpServer | undefined, serverKey: string, authKey: string): server is McpServer {
  if (server === undefined || server.uniqueKey !== serverKey) return false;
  // every key is compared, each in constant time: how long a refusal takes says nothing of a key
  const offered = digest(authKey);
  let found = false;
  for (const key of server.authKeys) if (timingSafeEqual(digest(key), offered)) found = true;
  return found;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

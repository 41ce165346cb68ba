import type { ListenerMatch, ListeningClient, PeerListenerSource } from '../../core/config/listener-query.js';
import { PEER_AUTH_HEADER, type PeerAuth } from './peer-auth.js';
import { httpAddressOf } from './peer-store-probe.js';

/** Where a node answers another one with its own config listeners (peer-listener-routes.ts). */
export const PEER_LISTENERS_PATH = '/nacos/v1/core/cluster/peer/listeners';

export interface PeerListenerLimits {
  /** A node that has not answered within this is skipped (ms). */
  timeoutMs: number;
  /** A node whose answer is larger is skipped (bytes). */
  maxAnswerBytes: number;
}

/** 2 s per node; an answer of at most 8 MB (some 50,000 listeners). */
export const PEER_LISTENER_LIMITS: PeerListenerLimits = { timeoutMs: 2_000, maxAnswerBytes: 8 * 1024 * 1024 };

const FIELD_LIMITS = { ip: 256, address: 320, keyString: 1024, md5: 64 } as const;

/** The query a node sends: the config's in-memory key, or a client IP. */
export function peerListenerQuery(match: ListenerMatch): string {
  return match.ip !== undefined
    ? `ip=${encodeURIComponent(match.ip)}`
    : `keyString=${encodeURIComponent(match.keyString ?? '')}`;
}

/**
 * Asks the other live nodes of the cluster for their listeners, all at once, each call signed with the
 * cluster's peer key and bounded in time and size. A node that does not answer in time, refuses, or answers
 * something else than listeners is left out and named in `unanswered`; it never fails the query.
 */
export class PeerListenerClient implements PeerListenerSource {
  constructor(
    /** The other live nodes' gRPC addresses (`host:port`), as the leases say now. */
    private readonly peers: () => string[],
    private readonly auth: PeerAuth,
    private readonly limits: PeerListenerLimits = PEER_LISTENER_LIMITS,
  ) {}

  async listeners(match: ListenerMatch): Promise<{ clients: ListeningClient[]; unanswered: string[] }> {
    const path = `${PEER_LISTENERS_PATH}?${peerListenerQuery(match)}`;
    const answers = await Promise.all(
      this.peers().map(async (grpcAddr) => {
        const http = httpAddressOf(grpcAddr) ?? grpcAddr;
        const clients = await this.ask(http, path).catch(() => null);
        return { http, clients: clients?.filter((c) => matches(c, match)) ?? null };
      }),
    );
    return {
      clients: answers.flatMap((a) => a.clients ?? []),
      unanswered: answers.filter((a) => a.clients === null).map((a) => a.http),
    };
  }

  private async ask(http: string, path: string): Promise<ListeningClient[] | null> {
    const res = await fetch(`http://${http}${path}`, {
      headers: { [PEER_AUTH_HEADER]: this.auth.sign('GET', path) },
      redirect: 'manual',
      signal: AbortSignal.timeout(this.limits.timeoutMs),
    });
    const text = await readLimited(res, this.limits.maxAnswerBytes);
    if (res.status !== 200) return null;
    const answer = JSON.parse(text) as { clients?: unknown };
    return Array.isArray(answer.clients) ? answer.clients.filter(isListeningClient) : null;
  }
}

/** The body as text, or a failure once it passes `maxBytes` (the rest is not read). */
async function readLimited(res: Response, maxBytes: number): Promise<string> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw new Error('answer too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('answer too large');
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isListeningClient(value: unknown): value is ListeningClient {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  if (c.via !== 'grpc' && c.via !== 'http') return false;
  return Object.entries(FIELD_LIMITS).every(([field, max]) => typeof c[field] === 'string' && c[field].length <= max);
}

const matches = (c: ListeningClient, match: ListenerMatch) =>
  match.ip !== undefined ? c.ip === match.ip : c.keyString === match.keyString;

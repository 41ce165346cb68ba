import type http2 from 'node:http2';
import { BufferBudget } from './buffer-budget.js';

export interface GrpcLimits {
  /** Largest message accepted; a bigger one fails its call with RESOURCE_EXHAUSTED. */
  maxMessageBytes: number;
  /** Bytes of unfinished messages the whole server holds at most; one connection at most two messages' worth. */
  maxBufferedBytes: number;
  /**
   * A connection that has not sent the HTTP/2 preface, or a stream in the middle of a message (a unary call
   * until its request is complete), that brings no new bytes for this long is cut and its buffers freed.
   */
  stallTimeoutMs: number;
  /** A connection without an open stream for this long is closed (GOAWAY). */
  idleTimeoutMs: number;
}

/** What the guard keeps of one connection. */
export interface SessionState {
  openedAt: number;
  prefaceSeen: boolean;
  /** Streams the server still serves; a bi-stream the server ended no longer counts. */
  live: number;
  idleSince: number;
  closingAt: number | undefined;
  budget: BufferBudget;
}

/** A stream in the middle of a message: `progress()` on every chunk, `done()` once complete or gone. */
export interface StallWatch {
  progress(): void;
  done(): void;
}

/** A stream in the middle of a message, as the guard watches it (see `watch`). */
export interface Watched {
  /** Date.now() when the stream last brought bytes. */
  lastProgressAt: number;
  cut(): void;
}

/**
 * Keeps the gRPC port's connections honest: each one's share of the buffer budget, the wait for its
 * preface, its idle time without streams, and streams whose unfinished message stopped arriving.
 * One timer checks them all.
 */
export class GrpcSessionGuard {
  readonly budget: BufferBudget;
  private readonly sessions = new Map<http2.Http2Session, SessionState>();
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: GrpcLimits) {
    this.budget = new BufferBudget(limits.maxBufferedBytes);
  }

  /** Registers a new connection; it is forgotten when it closes. */
  add(session: http2.Http2Session): void {
    const now = Date.now();
    const perConnection = Math.min(2 * this.limits.maxMessageBytes, this.limits.maxBufferedBytes);
    const state: SessionState = {
      openedAt: now,
      prefaceSeen: false,
      live: 0,
      idleSince: now,
      closingAt: undefined,
      budget: new BufferBudget(perConnection, this.budget),
    };
    this.sessions.set(session, state);
    session.once('remoteSettings', () => (state.prefaceSeen = true));
    session.once('close', () => this.sessions.delete(session));
    this.start();
  }

  /** The connection's state; undefined for one not (or no longer) registered. */
  stateOf(session: http2.Http2Session | undefined): SessionState | undefined {
    return session && this.sessions.get(session);
  }

  budgetOf(session: http2.Http2Session | undefined): BufferBudget {
    return this.stateOf(session)?.budget ?? this.budget;
  }

  /** Counts a stream the server serves on the connection; `streamDone` uncounts it, once. */
  streamStarted(state: SessionState): void {
    state.live++;
  }

  streamDone(state: SessionState): void {
    if (--state.live === 0) state.idleSince = Date.now();
  }

  /** Counts a stream the server serves; the returned function (safe to call twice) uncounts it. */
  streamOpened(session: http2.Http2Session | undefined): () => void {
    const state = this.stateOf(session);
    if (!state) return () => undefined;
    this.streamStarted(state);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.streamDone(state);
    };
  }

  /**
   * Watches a stream in the middle of a message: `entry.cut()` runs once it has brought nothing new
   * (`lastProgressAt`) for the stall timeout, unless `unwatch` came first. The entry is the caller's own
   * object, so a unary call is watched without allocating anything.
   */
  watch(entry: Watched): void {
    this.watched.add(entry);
  }

  unwatch(entry: Watched): void {
    this.watched.delete(entry);
  }

  /** `watch` for a caller without an entry of its own; `cut` runs if it brings nothing new for the stall timeout. */
  watchStall(cut: () => void): StallWatch {
    const entry: Watched = { lastProgressAt: Date.now(), cut };
    this.watch(entry);
    return {
      progress: () => (entry.lastProgressAt = Date.now()),
      done: () => this.unwatch(entry),
    };
  }

  sweep(now = Date.now()): void {
    const { stallTimeoutMs, idleTimeoutMs } = this.limits;
    for (const entry of this.watched) {
      if (now - entry.lastProgressAt < stallTimeoutMs) continue;
      this.watched.delete(entry);
      entry.cut();
    }
    for (const [session, state] of this.sessions) {
      if (!state.prefaceSeen) {
        if (now - state.openedAt >= stallTimeoutMs) session.destroy();
      } else if (state.closingAt !== undefined) {
        // GOAWAY sent; a peer that keeps a stream half-open is cut after one more stall timeout
        if (now - state.closingAt >= stallTimeoutMs) session.destroy();
      } else if (state.live === 0 && now - state.idleSince >= idleTimeoutMs) {
        state.closingAt = now;
        session.close();
      }
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    if (this.timer) return;
    const every = Math.max(100, Math.min(1_000, this.limits.stallTimeoutMs / 4, this.limits.idleTimeoutMs / 4));
    this.timer = setInterval(() => this.sweep(), every);
    this.timer.unref();
  }
}

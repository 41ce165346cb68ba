import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { socketIp, type Params } from './params.js';

/** A request a fast path would answer, as the stages judge it: everything it reads is here. */
export interface PlainRequest {
  /** The route fastify would match, e.g. `/nacos/v1/cs/configs`. */
  route: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** Every parameter, once each (a fast path takes no body). */
  params: Params;
  /** The client's address. */
  ip: string;
  /** The namespace the handler acts on, resolved as its route resolves it (undefined: the default). */
  namespaceId: string | undefined;
}

/**
 * One stage every SDK HTTP request passes, whether a fastify route or a fast path answers it.
 * - `before` needs the whole request (auth, say), and runs as a fastify preHandler. While a stage with one
 *   is active, a fast path answers only requests its `admitsNow` lets through; the others (and every
 *   request, for a stage without it) go through fastify. The health probes, which the auth lets through,
 *   are always answered.
 * - `admitsNow` is `before`'s decision made at once: true only where `before` would let the request go on
 *   without answering it. False is no refusal: fastify then runs `before`, which answers as it must.
 * - `after` sees the answered route, its handling time and the status answered: fastify runs it on
 *   response, fast paths after they answer.
 */
export interface RequestStage {
  name: string;
  /** False leaves the stage out entirely (e.g. auth switched off). */
  active?: boolean;
  before?: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  admitsNow?: (request: PlainRequest) => boolean;
  after?: (route: string, elapsedMs: number, status: number) => void;
}

/**
 * The SDK port's hooks in one place, so a stage added later cannot miss the busiest requests (config
 * reads, instance-list polls and beats answered before fastify).
 */
export class RequestPipeline {
  private readonly befores: NonNullable<RequestStage['before']>[] = [];
  /** One per `before`; undefined where the stage cannot decide at once. */
  private readonly admitters: RequestStage['admitsNow'][] = [];
  private readonly afters: NonNullable<RequestStage['after']>[] = [];

  use(stage: RequestStage): this {
    if (stage.active === false) return this;
    if (stage.before) {
      this.befores.push(stage.before);
      this.admitters.push(stage.admitsNow);
    }
    if (stage.after) this.afters.push(stage.after);
    return this;
  }

  /** Whether fast paths may answer without asking (no stage needs to see requests first). */
  get fastPathsOpen(): boolean {
    return this.befores.length === 0;
  }

  /** Whether a fast path may answer `request`: every stage that sees requests first lets it through now. */
  admitsNow(request: PlainRequest): boolean {
    for (const admits of this.admitters) if (!admits?.(request)) return false;
    return true;
  }

  /** `admitsNow` for a fast path's request on `route`, its parameters and namespace resolved. */
  admits(req: IncomingMessage, route: string, params: Params, namespaceId: string | undefined): boolean {
    if (this.fastPathsOpen) return true;
    const method = req.method ?? '';
    return this.admitsNow({ route, method, headers: req.headers, params, ip: socketIp(req), namespaceId });
  }

  /** A fast path answered `route` with `status` in `elapsedMs`. */
  answered(route: string, elapsedMs: number, status: number): void {
    for (const after of this.afters) after(route, elapsedMs, status);
  }

  /** Runs the stages on the fastify routes; call once, after the stages are in. */
  install(app: FastifyInstance): void {
    const befores = [...this.befores];
    if (befores.length > 0) {
      app.addHook('preHandler', async (req, reply) => {
        for (const before of befores) {
          await before(req, reply);
          // a stage that answered (a refusal) ends the request here
          if (reply.sent) return reply;
        }
        return undefined;
      });
    }
    if (this.afters.length > 0) {
      app.addHook('onResponse', async (req, reply) =>
        this.answered(req.routeOptions.url ?? '', reply.elapsedTime, reply.statusCode),
      );
    }
  }
}

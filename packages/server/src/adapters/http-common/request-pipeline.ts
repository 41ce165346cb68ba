import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One stage every SDK HTTP request passes, whether a fastify route or a fast path answers it.
 * - `before` needs the whole request (auth, say): while a stage with one is active, fast paths stand aside
 *   (all but the health probes, which the auth lets through) and every request goes through fastify, where
 *   it runs as a preHandler.
 * - `after` sees the answered route and its handling time: fastify runs it on response, fast paths after
 *   they answer.
 */
export interface RequestStage {
  name: string;
  /** False leaves the stage out entirely (e.g. auth switched off). */
  active?: boolean;
  before?: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  after?: (route: string, elapsedMs: number) => void;
}

/**
 * The SDK port's hooks in one place, so a stage added later cannot miss the busiest requests (config
 * reads, instance-list polls and beats answered before fastify).
 */
export class RequestPipeline {
  private readonly befores: NonNullable<RequestStage['before']>[] = [];
  private readonly afters: NonNullable<RequestStage['after']>[] = [];

  use(stage: RequestStage): this {
    if (stage.active === false) return this;
    if (stage.before) this.befores.push(stage.before);
    if (stage.after) this.afters.push(stage.after);
    return this;
  }

  /** Whether a fast path may answer: no stage needs to see the request first. */
  get fastPathsOpen(): boolean {
    return this.befores.length === 0;
  }

  /** A fast path answered `route` in `elapsedMs`. */
  answered(route: string, elapsedMs: number): void {
    for (const after of this.afters) after(route, elapsedMs);
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
      app.addHook('onResponse', async (req, reply) => this.answered(req.routeOptions.url ?? '', reply.elapsedTime));
    }
  }
}

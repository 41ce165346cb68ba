import { performance } from 'node:perf_hooks';

/**
 * What a client learnt of an operation: `ok` it was acknowledged, `fail` it certainly did not happen (a
 * refusal such as a casMd5 409, or a request that never left), `unknown` it may or may not have happened
 * (a timeout, a cut connection, a server error).
 */
export type Outcome = 'ok' | 'fail' | 'unknown';

/** One recorded operation: invocation and completion on the test's clock (ms since the run began). */
export interface OpRecord<Fields = Record<string, unknown>> {
  /** Unique in the run; also sent as the operator (`src_user`/`username`) where the API carries one. */
  id: string;
  client: string;
  node: number;
  door: 'http' | 'grpc';
  invokedAt: number;
  /** Absent while pending; for `unknown` the op may take effect at any later time. */
  completedAt?: number;
  outcome?: Outcome;
  detail?: string;
  fields: Fields;
}

/** Config operations: a publish (plain or casMd5) or a remove of one key of the default namespace. */
export interface ConfigFields {
  kind: 'put' | 'cas' | 'delete';
  key: string;
  value?: string;
  expectedMd5?: string;
}

/** The history recorder: every operation with its invocation and completion, in invocation order. */
export class History {
  private readonly start = performance.now();
  readonly ops: OpRecord[] = [];
  readonly faults: Array<{ at: number; what: string }> = [];
  private next = 0;

  now(): number {
    return Math.round((performance.now() - this.start) * 10) / 10;
  }

  invoke<F>(client: string, node: number, door: 'http' | 'grpc', fields: F): OpRecord<F> {
    const op: OpRecord<F> = { id: `op${++this.next}`, client, node, door, invokedAt: this.now(), fields };
    this.ops.push(op as OpRecord);
    return op;
  }

  complete(op: OpRecord<unknown>, outcome: Outcome, detail?: string): void {
    op.completedAt = this.now();
    op.outcome = outcome;
    if (detail) op.detail = detail;
  }

  fault(what: string): void {
    this.faults.push({ at: this.now(), what });
  }

  of<F>(pick: (op: OpRecord) => boolean): Array<OpRecord<F>> {
    return this.ops.filter(pick) as Array<OpRecord<F>>;
  }
}

/** End of an op's window: when it was acknowledged or refused; never, for one whose outcome is unknown. */
export function endOf(op: OpRecord<unknown>): number {
  return op.outcome === 'ok' || op.outcome === 'fail' ? (op.completedAt ?? Infinity) : Infinity;
}

export function describeOp(op: OpRecord<unknown>): string {
  const window = `${(op.invokedAt / 1000).toFixed(2)}–${op.completedAt === undefined ? '?' : (op.completedAt / 1000).toFixed(2)} s`;
  const fields = JSON.stringify(op.fields);
  return `${op.id} ${op.client} via node ${op.node} ${op.door} ${fields} ${window} ${op.outcome ?? 'pending'}${op.detail ? ` (${op.detail})` : ''}`;
}

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
  /** Sent without an operator (an SDK's publish): its history entry is known by its value. */
  anonymous?: boolean;
}

/** A config value a client read from one node (undefined: none), or heard of as a listener. */
export interface ReadRecord {
  client: string;
  /** 0 when the client cannot tell which node answered (an SDK). */
  node: number;
  key: string;
  value: string | undefined;
  invokedAt: number;
  completedAt: number;
}

/** What a naming subscriber was last told a service holds (`ip:port -> weight`), and when. */
export interface PushRecord {
  subscriber: string;
  node: number;
  service: string;
  hosts: Map<string, number>;
  at: number;
}

/** The addresses one node listed for a service at one moment. */
export interface ListSample {
  node: number;
  service: string;
  addresses: Set<string>;
  at: number;
}

/** A span in which a node could not answer (down, frozen) or not hear the others (cut off from the database). */
export interface NodeOutage {
  node: number;
  /** `deaf`: the database frozen or stopped, so the node cannot hear of the others' changes (it still runs). */
  what: 'down' | 'frozen' | 'cut-off' | 'deaf';
  from: number;
  /** Infinity while it lasts. */
  to: number;
}

/** The history recorder: every operation with its invocation and completion, in invocation order. */
export class History {
  private start = performance.now();
  readonly ops: OpRecord[] = [];
  readonly faults: Array<{ at: number; what: string }> = [];
  readonly reads: ReadRecord[] = [];
  readonly pushes: PushRecord[] = [];
  readonly samples: ListSample[] = [];
  readonly outages: NodeOutage[] = [];
  private next = 0;

  /** Times count from now on. */
  restart(): void {
    this.start = performance.now();
  }

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

  /** Node `node` stops answering (killed, stopped, frozen) from now until `nodeBack`. */
  nodeOut(node: number, what: NodeOutage['what']): void {
    this.outages.push({ node, what, from: this.now(), to: Infinity });
  }

  nodeBack(node: number): void {
    for (const outage of this.outages) if (outage.node === node && outage.to === Infinity) outage.to = this.now();
  }

  read(record: Omit<ReadRecord, 'completedAt'>): void {
    this.reads.push({ ...record, completedAt: this.now() });
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

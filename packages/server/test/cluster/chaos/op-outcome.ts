import type { Message } from '../../grpc-raw-client.js';
import { NotConnectedError } from './failover-grpc-client.js';
import type { Outcome } from './history.js';

export interface Classified {
  outcome: Outcome;
  detail?: string;
}

const HTTP_TIMEOUT_MS = 6_000;

/**
 * An HTTP call and what its answer says: 2xx with the expected body is acknowledged; 409 a conflict and
 * other 4xx certain refusals; 5xx, timeouts and cut connections unknown (the write may have committed);
 * a refused connection certain (nothing reached the node).
 */
export async function httpCall(
  url: string,
  init: RequestInit,
  okBody?: string,
): Promise<Classified & { body?: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    const body = await res.text();
    if (res.ok) {
      if (okBody === undefined || body === okBody) return { outcome: 'ok', body };
      return { outcome: 'unknown', detail: `200 ${body.slice(0, 80)}`, body };
    }
    if (res.status === 409) return { outcome: 'fail', detail: 'conflict', body };
    if (res.status < 500) return { outcome: 'fail', detail: `${res.status} ${body.slice(0, 80)}`, body };
    return { outcome: 'unknown', detail: `${res.status} ${body.slice(0, 80)}`, body };
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return { outcome: 'fail', detail: 'connection refused' };
    return { outcome: 'unknown', detail: code ?? (err as Error).name };
  }
}

/** A gRPC answer: success acknowledged; errorCode 409 a conflict, 400 a refusal; anything else unknown. */
export async function grpcCall(send: () => Promise<Message>): Promise<Classified & { message?: Message }> {
  try {
    const message = await send();
    if (message.body.success === true) return { outcome: 'ok', message };
    const code = Number(message.body.errorCode);
    const text = typeof message.body.message === 'string' ? message.body.message : '';
    const detail = `${code} ${text.slice(0, 80)}`;
    if (code === 409) return { outcome: 'fail', detail: 'conflict', message };
    if (code === 400) return { outcome: 'fail', detail, message };
    return { outcome: 'unknown', detail, message };
  } catch (err) {
    if (err instanceof NotConnectedError) return { outcome: 'fail', detail: 'not connected' };
    return { outcome: 'unknown', detail: (err as Error).message.slice(0, 80) };
  }
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

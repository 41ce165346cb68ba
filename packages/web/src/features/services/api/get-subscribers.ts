import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriberInfoDto, SubscriberPage } from '@tsnacos/protocol';
import { apiFetch, ApiError, envelopeErrorText } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notify.js';
import { t } from '../../../i18n/index.js';
import { serviceKeys, type SubscriberListParams } from './keys.js';

export type Subscriber = SubscriberInfoDto;
export type { SubscriberPage };

/** The v1 subscriber route answers a bare `{count, subscribers}`; failures get the page's own texts. */
async function getSubscribers(p: SubscriberListParams): Promise<SubscriberPage> {
  let res: Response;
  try {
    res = await apiFetch('GET', '/ns/service/subscribers', { query: { ...p, accessToken: null } });
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'no-login') throw err;
    const message = err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err);
    notify.error(t('service.subscriber_request_message', { message }));
    throw err;
  }
  if (res.status !== 200) {
    notify.error(t('service.subscriber_request_status', { status: res.status }));
    throw new ApiError(t('service.subscriber_request_status', { status: res.status }), 'http', res.status);
  }
  const body = (await res.json().catch(() => null)) as
    (SubscriberPage & { success?: boolean; data?: SubscriberPage; code?: string; message?: string }) | null;
  if (body?.success === false) {
    const text = envelopeErrorText(body.code, body.message);
    notify.error(text);
    throw new ApiError(text, 'api', res.status, body.code ?? null, body.message ?? null);
  }
  // a bare page, or (from servers that wrap it) an envelope around one
  const page = body && 'success' in body ? body.data : body;
  return { count: page?.count ?? 0, subscribers: page?.subscribers ?? [] };
}

export function useSubscribers(params: SubscriberListParams, enabled = true) {
  return useQuery({
    queryKey: serviceKeys.subscribers(params),
    queryFn: () => getSubscribers(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiRequestWithResponse } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notify.js';
import { t } from '../../../i18n/index.js';

interface Captcha {
  /** Base64 PNG, or null when the server does not ask for a captcha. */
  image: string | null;
  /** Also the key of the password encryption. */
  token: string;
}

const captchaKey = ['auth', 'captcha'] as const;

async function getCaptcha(): Promise<Captcha> {
  try {
    const { data, response } = await apiRequestWithResponse<string | null>('GET', '/v2/login/captcha', {
      silent: true,
    });
    return { image: data ?? null, token: response.headers.get('Captcha-Token') ?? '' };
  } catch (err) {
    notify.error(t('login.get_captcha_fail'));
    throw err;
  }
}

/** Loaded when the login page opens; `refetch` loads a new one (image click, failed login). */
export function useCaptcha() {
  return useQuery({ queryKey: captchaKey, queryFn: getCaptcha, staleTime: Infinity, gcTime: 0 });
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { storeWebResources, getWebResources } from '../../../lib/console-state.js';
import { safeRedirectTarget } from '../../../lib/login-redirect.js';
import { notify } from '../../../lib/notify.js';
import { encryptPassword } from '../lib/encrypt-password.js';
import type { LoginValues } from '../lib/validate-login.js';
import { useLogin } from '../api/login.js';

export interface LoginSubmitDeps {
  captchaToken: string;
  /** Called after every failed attempt. */
  onFailure(): void;
  redirectUrl: string | null;
}

/**
 * Log in, then load and keep the web resources and go to redirect_url: a router push for "/",
 * a full page load for any other target.
 */
export function useLoginSubmit({ captchaToken, onFailure, redirectUrl }: LoginSubmitDeps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useLogin();

  const submit = async (values: LoginValues) => {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync({
        username: values.username,
        password: encryptPassword(values.password, captchaToken),
        captcha: values.captcha,
      });
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : String(err));
      onFailure();
      return;
    }
    try {
      storeWebResources(queryClient, await getWebResources());
    } catch {
      // the layout asks again; the api client already said what went wrong
    }
    const target = safeRedirectTarget(redirectUrl);
    if (target === '/') void navigate('/');
    else window.location.href = target;
  };

  return { submit, submitting: mutation.isPending };
}

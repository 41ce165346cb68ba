import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLoginConfig } from '../api/get-login-config.js';
import { oauth2Login, type OAuth2Callback } from '../api/oauth2-login.js';
import { oauth2ErrorKey } from '../lib/oauth2-errors.js';

export interface OAuth2LoginProps {
  redirectUrl: string | null;
  /** After a login through the login page itself (redirect URI = login page): go on as a password login does. */
  onLoggedIn(): void;
}

/**
 * The provider button (its text from the server's settings) and what a failed OAuth2 login left in the URL
 * (`oauth2_error`). When the provider sent the browser back to this page with a code, it is exchanged here.
 */
export function OAuth2Login({ redirectUrl, onLoggedIn }: OAuth2LoginProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useLoginConfig();
  const [exchangeError, setExchangeError] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState(() => params.has('code') || params.has('error'));
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !(params.has('code') || params.has('error'))) return;
    started.current = true;
    const callback: OAuth2Callback = {};
    for (const name of ['code', 'state', 'iss', 'error'] as const) {
      const value = params.get(name);
      if (value) callback[name] = value;
    }
    void oauth2Login(callback).then((code) => {
      if (code === null) return onLoggedIn();
      setExchangeError(code);
      setExchanging(false);
    });
  }, [params, onLoggedIn]);

  const error = exchangeError ?? params.get('oauth2_error');
  const data = config.data;
  const href =
    data?.oauth2Enable && data.oauth2AuthorizeUrl
      ? `${data.oauth2AuthorizeUrl}${redirectUrl ? `?redirect_url=${encodeURIComponent(redirectUrl)}` : ''}`
      : null;
  return (
    <>
      {error && (
        <p className="login-oauth2-error" role="alert">
          {t(oauth2ErrorKey(error))}
        </p>
      )}
      {exchanging && <p className="login-oauth2-progress">{t('login.oauth2_processing')}</p>}
      {href && (
        <a className="login-oauth2" href={href}>
          {data?.oauth2Button || t('login.oauth2_button')}
        </a>
      )}
    </>
  );
}

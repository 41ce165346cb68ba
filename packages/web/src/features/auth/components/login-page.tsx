import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../lib/login-redirect.js';
import { useCaptcha } from '../api/get-captcha.js';
import { LoginForm } from './login-form.js';
import { OAuth2Login } from './oauth2-login.js';
import { useLoginSubmit } from './use-login-submit.js';
import { ProductLogo } from '../../../components/product-logo.js';

/** Where an OAuth2 login through this page goes when nothing asked for another page: the config list. */
const OAUTH2_LANDING = '/rnacos/manage/configs';

/** Plain markup and CSS (no antd) so the first page a user sees loads fast. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const reloadCaptcha = () => void captcha.refetch();
  const { submit, submitting } = useLoginSubmit({
    captchaToken: captcha.data?.token ?? '',
    onFailure: () => {
      setCaptchaVersion((v) => v + 1);
      reloadCaptcha();
    },
    redirectUrl: params.get('redirect_url'),
  });
  const redirectUrl = params.get('redirect_url');
  // a full page load: the console starts afresh with the new session (its rights, its menus)
  const afterOAuth2Login = useCallback(() => {
    const target = safeRedirectTarget(redirectUrl);
    window.location.href = target === '/' ? OAUTH2_LANDING : target;
  }, [redirectUrl]);
  return (
    <main className="login-page">
      <section className="login-card">
        <div className="login-brand">
          <ProductLogo size={40} />
          <div>
            <h1>{t('common.product_title')}</h1>
            <p>{t('common.product_subtitle')}</p>
          </div>
        </div>
        <LoginForm
          captchaImage={captcha.data?.image ?? null}
          onReloadCaptcha={reloadCaptcha}
          onSubmit={(values) => void submit(values)}
          submitting={submitting}
          captchaVersion={captchaVersion}
        />
        <OAuth2Login redirectUrl={redirectUrl} onLoggedIn={afterOAuth2Login} />
      </section>
    </main>
  );
}

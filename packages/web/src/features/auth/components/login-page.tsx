import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCaptcha } from '../api/get-captcha.js';
import { LoginForm } from './login-form.js';
import { useLoginSubmit } from './use-login-submit.js';
import { ProductLogo } from '../../../components/product-logo.js';

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
      </section>
    </main>
  );
}

import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_IMAGE_HEIGHT } from '../../../lib/constants.js';
import {
  loginFieldError,
  validateLogin,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '../lib/validate-login.js';
import { LoginField as Field } from './login-field.js';

export interface LoginFormProps {
  /** Base64 PNG; without it there is no captcha field. */
  captchaImage: string | null;
  onReloadCaptcha(): void;
  onSubmit(values: LoginValues): void;
  submitting: boolean;
  /** Bumped by the page after a failed login to clear the captcha input. */
  captchaVersion: number;
}

/** Username, password and (when the server asks) captcha, checked on input and on blur. */
export function LoginForm({ captchaImage, onReloadCaptcha, onSubmit, submitting, captchaVersion }: LoginFormProps) {
  const { t } = useTranslation();
  const hasCaptcha = captchaImage !== null;
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [seenVersion, setSeenVersion] = useState(captchaVersion);
  if (seenVersion !== captchaVersion) {
    setSeenVersion(captchaVersion);
    setValues((v) => ({ ...v, captcha: '' }));
  }

  const check = (field: LoginField, value: string) =>
    setErrors((e) => ({ ...e, [field]: loginFieldError(field, value, hasCaptcha) ?? undefined }));

  const submit = () => {
    const found = validateLogin(values, hasCaptcha);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  /** Enter never submits a form by itself; it logs in only from the last field. */
  const onEnter = (submits: boolean) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (submits) submit();
  };

  const bind = (field: LoginField) => ({
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      check(field, e.target.value);
    },
    onBlur: () => check(field, values[field]),
    error: errors[field] ? t(errors[field]) : undefined,
  });

  return (
    <form className="login-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <Field
        id="login-username"
        label={t('login.username')}
        autoComplete="username"
        autoFocus
        onKeyDown={onEnter(false)}
        {...bind('username')}
      />
      <Field
        id="login-password"
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        onKeyDown={onEnter(!hasCaptcha)}
        {...bind('password')}
      />
      {hasCaptcha && (
        <Field
          id="login-captcha"
          label={t('login.captcha')}
          autoComplete="off"
          onKeyDown={onEnter(true)}
          {...bind('captcha')}
          addon={
            <img
              className="login-captcha"
              src={`data:image/png;base64,${captchaImage}`}
              alt={t('login.captcha')}
              title={t('login.captcha_reload')}
              height={CAPTCHA_IMAGE_HEIGHT}
              onClick={onReloadCaptcha}
            />
          }
        />
      )}
      <button type="button" className="login-submit" disabled={submitting} onClick={submit}>
        {t('login.submit')}
      </button>
    </form>
  );
}

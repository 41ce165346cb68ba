export interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}

export type LoginField = keyof LoginValues;
export type LoginErrors = Partial<Record<LoginField, string>>;

const REQUIRED_MESSAGE: Record<LoginField, string> = {
  username: 'login.need_username',
  password: 'login.need_password',
  captcha: 'login.need_captcha',
};

/** The i18n key of the field's error, or null; the captcha counts only when the server asked for one. */
export function loginFieldError(field: LoginField, value: string, hasCaptcha: boolean): string | null {
  if (field === 'captcha' && !hasCaptcha) return null;
  return value.length === 0 ? REQUIRED_MESSAGE[field] : null;
}

export function validateLogin(values: LoginValues, hasCaptcha: boolean): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  for (const field of Object.keys(REQUIRED_MESSAGE) as LoginField[]) {
    const error = loginFieldError(field, values[field], hasCaptcha);
    if (error) errors[field] = error;
  }
  return errors;
}

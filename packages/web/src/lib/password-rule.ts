import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem } from '@tsnacos/protocol';
import type { FormRule } from 'antd';

/** i18next's `t`, as the forms have it. */
type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Why the console refuses a new password before sending it, in the texts of `section` (`user` or
 * `account`), or undefined. It is the server's own rule (`newPasswordProblem`), so both refuse the same
 * passwords; an empty field passes here (the form's `required` rule says whether one is needed).
 */
export function newPasswordRefusal(password: string, section: 'user' | 'account', t: Translate): string | undefined {
  const problem = password ? newPasswordProblem(password) : undefined;
  if (!problem || problem === 'required') return undefined;
  return t(`${section}.password_${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_BYTES });
}

/** The form rule of a new password field. */
export function newPasswordRule(section: 'user' | 'account', t: Translate): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const refusal = typeof value === 'string' ? newPasswordRefusal(value, section, t) : undefined;
      if (refusal) throw new Error(refusal);
    },
  };
}

import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MissingParamsProps {
  /** The query parameters the page needs and did not get. */
  names: string[];
  /** A way back to the list the page is opened from. */
  extra?: ReactNode;
}

/** A page opened without the parameters it needs says which, instead of failing on a request. */
export function MissingParams({ names, extra }: MissingParamsProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.missing_params', { names: names.join(', ') })}
      subTitle={t('common.missing_params_hint')}
      extra={extra}
    />
  );
}

/** The names among `required` whose value is empty. */
export function missingParams(get: (name: string) => string, required: readonly string[]): string[] {
  return required.filter((name) => get(name).trim() === '');
}

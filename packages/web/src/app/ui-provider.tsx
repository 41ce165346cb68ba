import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { use, type ReactNode } from 'react';
import { i18n } from '../i18n/index.js';

let localePromise: Promise<Locale | undefined> | null = null;

/** antd's own texts and dayjs follow the console language (the Chinese tables load on demand). */
function loadUiLocale(): Promise<Locale | undefined> {
  localePromise ??=
    i18n.language === 'zh'
      ? Promise.all([import('antd/es/locale/zh_CN'), import('dayjs'), import('dayjs/locale/zh-cn')]).then(
          ([zhCN, dayjs]) => {
            dayjs.default.locale('zh-cn');
            return zhCN.default;
          },
        )
      : Promise.resolve(undefined);
  return localePromise;
}

/** Theme and locale of the antd screens; the login page does without antd to stay small. */
export function UiProvider({ children }: { children: ReactNode }) {
  const locale = use(loadUiLocale());
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      {children}
    </ConfigProvider>
  );
}

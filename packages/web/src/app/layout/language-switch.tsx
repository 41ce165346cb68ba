import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeLanguage, type Language } from '../../i18n/language.js';

/** EN / 中: the choice is kept in localStorage and the page reloads in the new language. */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const current = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('lang.switch_title')}
      value={current}
      options={[
        { label: <span title={t('layout.switch_to_en')}>EN</span>, value: 'en' },
        { label: <span title={t('layout.switch_to_zh')}>中</span>, value: 'zh' },
      ]}
      onChange={(lang) => {
        if (lang === current) return;
        storeLanguage(lang);
        window.location.reload();
      }}
    />
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../i18n/index.js';
import { initialLanguage } from '../i18n/language.js';
import { ROUTER_BASE } from '../lib/constants.js';
import { createQueryClient } from '../lib/query-client.js';
import { buildResources } from './messages.js';
import { AppRoutes } from './router.js';
import './styles.css';

const lang = initialLanguage();
initI18n(lang, buildResources());
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter basename={ROUTER_BASE}>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

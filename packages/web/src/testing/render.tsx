import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { buildResources } from '../app/messages.js';
import { initI18n, i18n } from '../i18n/index.js';
import type { Language } from '../i18n/language.js';
import { setNotifier, type Notifier } from '../lib/notify.js';
import { createQueryClient } from '../lib/query-client.js';
import { storeWebResources } from '../lib/console-state.js';
import type { WebResources } from '../lib/permissions.js';

export interface Toasts extends Notifier {
  errors: string[];
  successes: string[];
}

/** Collects the toasts a screen shows. */
export function captureToasts(): Toasts {
  const errors: string[] = [];
  const successes: string[] = [];
  const toasts: Toasts = {
    errors,
    successes,
    error: (text) => errors.push(text),
    success: (text) => successes.push(text),
    info: (text) => successes.push(text),
  };
  setNotifier(toasts);
  return toasts;
}

export function setupI18n(lang: Language = 'en') {
  initI18n(lang, buildResources());
  void i18n.changeLanguage(lang);
}

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  useLayoutEffect(() => {
    currentLocation = location.pathname + location.search;
  });
  return null;
}

/** The router location the rendered screen is at (path and query). */
export const routerLocation = () => currentLocation;

export interface RenderOptions {
  route?: string;
  path?: string;
  lang?: Language;
  webResources?: WebResources;
}

export const ADMIN_RESOURCES: WebResources = {
  resources: ['/manage/configs', 'CONFIG_UPDATE', 'SERVICE_UPDATE', 'NAMESPACE_UPDATE', '/manage/user'],
  from: '',
  version: '0.1.0',
  username: 'admin',
};

/** Renders a screen inside the app's providers, at `route`, matched by `path`. */
export function renderScreen(ui: ReactElement, options: RenderOptions = {}): RenderResult & { toasts: Toasts } {
  setupI18n(options.lang);
  const toasts = captureToasts();
  const queryClient = createQueryClient();
  if (options.webResources) storeWebResources(queryClient, options.webResources);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <LocationProbe />
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { toasts });
}

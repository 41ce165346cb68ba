import { d, type DescriptionTable } from './route-description.js';

const HINT = d('A page pointing to the console port (the console without login is off)');
const SPA = d("The web console's page");
const LEGACY = d('A page of older consoles: redirects to the same page under /rnacos');

/** The SDK port's pages and r-nacos's backup download. */
export const SDK_PAGE_DESCRIPTIONS: DescriptionTable = {
  'GET /': HINT,
  'GET /nacos': HINT,
  'GET /nacos/': HINT,
  'GET /rnacos': HINT,
  'GET /rnacos/': HINT,
  'GET /rnacos/*': HINT,
  'GET /rnacos/backup': d('The whole store as a transfer file (when RNACOS_BACKUP_TOKEN is set)', 'token!'),
};

/** The console port's pages and static files. */
export const CONSOLE_PAGE_DESCRIPTIONS: DescriptionTable = {
  ...Object.fromEntries(
    ['', '/', '/index.html', '/404', '/nopermission', '/manage/*', '/p/*'].map((page) => [`GET /rnacos${page}`, SPA]),
  ),
  ...Object.fromEntries(
    ['/', '/index.html', '/404', '/nopermission', '/manage/*', '/p/*'].map((page) => [`GET ${page}`, LEGACY]),
  ),
  'GET /rnacos/*': d("The console's pages, and its static files and documentation (no login for those)"),
};

/** Business constants of the console: paths, timings, sizes and page sizes. */
export const ROUTER_BASE = '/rnacos';
export const API_PREFIX = '/rnacos/api/console';
export const REQUEST_TIMEOUT_MS = 15_000;
export const LOGOUT_REDIRECT_DELAY_MS = 500;
export const HEADER_HEIGHT = 52;
export const SIDER_WIDTH = 200;
export const DRAWER_WIDTH = 600;
export const CAPTCHA_TOKEN_MIN_LENGTH = 32;
export const CAPTCHA_IMAGE_HEIGHT = 60;
export const UPLOAD_CARD_SIZE = 96;
export const PAGE_SIZES = [10, 20, 50, 100];
export const SERVICE_PAGE_SIZE = 10;
export const NAMESPACE_PAGE_SIZE = 20;
export const USER_PAGE_SIZE = 10;
export const CONFIG_PAGE_SIZE = 20;
export const PRODUCT_TITLE = 'tsnacos';

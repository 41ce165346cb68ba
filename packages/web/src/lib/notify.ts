/** Where error and success texts go: antd toasts, loaded on first use so the first page stays small. */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
  info(text: string): void;
}

type Level = keyof Notifier;

const toastNotifier: Notifier = {
  error: (text) => show('error', text),
  success: (text) => show('success', text),
  info: (text) => show('info', text),
};

function show(level: Level, text: string): void {
  import('antd/es/message')
    .then(({ default: message }) => void message[level](text))
    .catch(() => (level === 'error' ? console.error(text) : console.info(text)));
}

let current: Notifier = toastNotifier;

/** Tests and embedders may route the texts elsewhere; null restores the toasts. */
export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? toastNotifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
  info: (text) => current.info(text),
};

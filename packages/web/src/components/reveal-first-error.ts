/**
 * Brings a form's first error message into view once it shows (a message below a tall field, such as a
 * code editor, is otherwise below the fold of a drawer). Looks for it for a short while: the message is
 * drawn after the validation that found it.
 */
export function revealFirstError(container: HTMLElement | null, tries = 20): void {
  if (!container) return;
  const error = container.querySelector('.ant-form-item-explain-error');
  if (error) {
    error.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    return;
  }
  if (tries > 0) setTimeout(() => revealFirstError(container, tries - 1), 25);
}

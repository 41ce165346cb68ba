import type { KeyboardEvent } from 'react';

/** Enter in a form's text inputs must not submit the form (textareas and editors keep their newline). */
export function suppressEnter(event: KeyboardEvent<HTMLElement>): void {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}

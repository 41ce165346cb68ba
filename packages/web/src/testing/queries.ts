import { screen, waitFor } from '@testing-library/react';

/**
 * Buttons by their visible text. Role queries compute styles for every candidate, which is slow in jsdom
 * with antd's injected CSS; matching the text and walking up to the button is not.
 */
function buttonsNamed(name: string, root: ParentNode = document): HTMLButtonElement[] {
  const found = new Set<HTMLButtonElement>();
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('button, [role="button"]'))) {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label = el.getAttribute('aria-label');
    if (text === name || label === name) found.add(el as HTMLButtonElement);
  }
  return [...found];
}

export function getButton(name: string, root?: ParentNode): HTMLButtonElement {
  const all = buttonsNamed(name, root);
  if (all.length !== 1) throw new Error(`expected one button "${name}", found ${all.length}`);
  return all[0];
}

export function queryButton(name: string, root?: ParentNode): HTMLButtonElement | null {
  return buttonsNamed(name, root)[0] ?? null;
}

export async function findButton(name: string, root?: ParentNode): Promise<HTMLButtonElement> {
  let button: HTMLButtonElement | null = null;
  await waitFor(() => {
    button = getButton(name, root);
  });
  return button!;
}

/** The table row holding a cell with this text. */
export async function findRow(text: string): Promise<HTMLTableRowElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLTableRowElement;
}

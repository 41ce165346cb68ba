/** How to show a tool result's text: JSON (highlighted) when it parses as an object or array, else plain. */
export function resultTextType(text: string): 'json' | 'text' {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return 'text';
  try {
    JSON.parse(trimmed);
    return 'json';
  } catch {
    return 'text';
  }
}

import type { SyntaxNode, Tree } from '@lezer/common';
import type { Text } from '@codemirror/state';

const VALUE_PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':', '⚠']);

function children(node: SyntaxNode): SyntaxNode[] {
  const list: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (!VALUE_PUNCTUATION.has(c.name)) list.push(c);
  return list;
}

function unescape(doc: Text, node: SyntaxNode): string {
  const raw = doc.sliceString(node.from, node.to);
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

const decodeSegment = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The text range of the value a JSON pointer names, in a document parsed by @codemirror/lang-json; where
 * the path stops matching, the deepest value reached (a missing property marks its object).
 */
export function jsonPointerRange(tree: Tree, doc: Text, pointer: string): { from: number; to: number } {
  let node: SyntaxNode | undefined = children(tree.topNode)[0];
  if (!node) return { from: 0, to: doc.length };
  const segments = pointer === '' ? [] : pointer.split('/').slice(1).map(decodeSegment);
  for (const segment of segments) {
    let next: SyntaxNode | undefined;
    const current: SyntaxNode = node;
    if (current.name === 'Object') {
      const property: SyntaxNode | undefined = children(current).find((p) => {
        const name = p.getChild('PropertyName');
        return name !== null && unescape(doc, name) === segment;
      });
      next = property ? children(property).find((c) => c.name !== 'PropertyName') : undefined;
    } else if (current.name === 'Array') {
      next = children(current)[Number(segment)];
    }
    if (!next) break;
    node = next;
  }
  return { from: node.from, to: node.to };
}

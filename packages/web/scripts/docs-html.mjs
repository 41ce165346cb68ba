// Renders the project's markdown documentation as HTML pages for the console to serve at /rnacos/docs/.
import MarkdownIt from 'markdown-it';

// html: false escapes any HTML written in the markdown, and markdown-it refuses javascript:, vbscript:,
// file: and most data: links: the pages carry no script the documentation did not mean to be text
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** GitHub's heading anchors (`## Cluster mode on PostgreSQL` -> `cluster-mode-on-postgresql`), which the README's own links use. */
const slug = (text) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

markdown.core.ruler.push('heading_ids', (state) => {
  const seen = new Map();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const base = slug(state.tokens[i + 1].content);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    token.attrSet('id', n === 0 ? base : `${base}-${n}`);
  });
});

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

/**
 * Links between the documents point at their rendered pages (`docs/architecture.md` and, from docs/,
 * `../README.md` -> `architecture.html`, `README.html`: all pages sit in one directory); other links stay as written.
 */
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href');
  const match = href && /^(?:\.\.?\/)?(?:docs\/)?([\w.-]+)\.md(#.*)?$/.exec(href);
  if (match && env.pages?.has(match[1])) tokens[idx].attrSet('href', `${match[1]}.html${match[2] ?? ''}`);
  return defaultLinkOpen(tokens, idx, options, env, self);
};

const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const STYLE = `body{font:16px/1.6 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2328}
pre{background:#f6f8fa;padding:12px;overflow:auto;border-radius:6px}code{font-family:ui-monospace,monospace;font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px}a{color:#0969da}`;

/**
 * One markdown document as a standalone HTML page. `pages` names the documents rendered beside it (without
 * `.md`), so links between them follow.
 */
export function docsPage(source, title, pages = new Set()) {
  const body = markdown.render(source, { pages });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}</body>
</html>
`;
}

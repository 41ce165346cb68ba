/** One markdown document as a standalone HTML page (see docs-html.mjs). */
export function docsPage(source: string, title: string, pages?: ReadonlySet<string>): string;

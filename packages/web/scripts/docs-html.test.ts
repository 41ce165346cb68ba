import { describe, expect, it } from 'vitest';
import { docsPage } from './docs-html.mjs';

describe('documentation pages', () => {
  it('renders markdown as HTML, with links between the documents pointing at their pages', () => {
    const html = docsPage(
      '# Title\n\nSee [the architecture](docs/architecture.md#rules) and [bench](bench/README.md).\n\n```\ncode\n```\n',
      'tsnacos',
      new Set(['README', 'architecture']),
    );
    expect(html).toContain('<h1 id="title">Title</h1>');
    expect(html).toContain('<a href="architecture.html#rules">the architecture</a>');
    expect(html).toContain('<a href="bench/README.md">bench</a>');
    // a page under docs/ links back to the README as ../README.md
    expect(docsPage('[front](../README.md#ports)', 't', new Set(['README']))).toContain(
      '<a href="README.html#ports">front</a>',
    );
    expect(html).toContain('<pre><code>code\n</code></pre>');
    expect(html).toContain('<title>tsnacos</title>');
  });

  it("gives headings GitHub's anchors, so the README's links to its own sections work", () => {
    const html = docsPage('## Cluster mode on PostgreSQL\n\n### nacos 2.x gRPC\n\n### nacos 2.x gRPC\n', 't');
    expect(html).toContain('<h2 id="cluster-mode-on-postgresql">');
    expect(html).toContain('<h3 id="nacos-2x-grpc">');
    expect(html).toContain('<h3 id="nacos-2x-grpc-1">');
  });

  it('keeps script out: raw HTML is escaped and javascript: links are not made', () => {
    const html = docsPage(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))\n',
      '<b>t</b>',
    );
    expect(html).not.toMatch(/<script>|<img|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>&lt;b&gt;t&lt;/b&gt;</title>');
  });
});

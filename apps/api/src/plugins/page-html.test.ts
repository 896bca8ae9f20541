import { describe, expect, it } from 'vitest';
import { renderPageHtml } from './page-html.ts';

const index = `<!doctype html><html><head>
<title>Shop</title>
<meta
  name="description"
  content="Default"
/>
</head><body></body></html>`;

describe('renderPageHtml', () => {
  it('replaces title and description and adds Open Graph, canonical and JSON-LD', () => {
    const html = renderPageHtml(index, {
      title: 'Speed Skates | Urban Roll',
      description: 'Fast skates',
      image: 'https://shop.example/a.svg',
      type: 'product',
      url: 'https://shop.example/product/a/b',
      jsonLd: { '@type': 'Product', name: 'Speed Skates' },
    });
    expect(html).toContain('<title>Speed Skates | Urban Roll</title>');
    expect(html).toContain('<meta name="description" content="Fast skates" />');
    expect(html).not.toContain('Default');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/a.svg" />');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/product/a/b" />');
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"Product","name":"Speed Skates"}</script>',
    );
  });

  it('escapes text and keeps JSON-LD from closing its script tag', () => {
    const html = renderPageHtml(index, {
      title: '"><script>alert(1)</script>',
      description: 'a & b',
      type: 'website',
      url: 'https://shop.example/x',
      jsonLd: { name: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('a &amp; b');
    expect(html).toContain('\\u003c/script>');
  });
});

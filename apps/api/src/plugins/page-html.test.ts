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

  it('adds the first screen: its image and route script preloaded, its API answers as JSON', () => {
    const html = renderPageHtml(
      index,
      undefined,
      {
        responses: { '/slider/all/s': '{"data":[{"image":"/api/uploads/a.svg"}]}' },
        image: '/api/uploads/a.svg',
        module: 'src/app/routes/home-page.tsx',
      },
      (module) => (module === 'src/app/routes/home-page.tsx' ? ['/assets/home-1.js'] : []),
    );
    expect(html).toContain('<title>Shop</title>');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/api/uploads/a.svg" fetchpriority="high" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js" />');
    const json =
      /<script type="application\/json" id="first-screen-data">(.*?)<\/script>\s*<\/body>/.exec(
        html,
      )?.[1];
    expect(JSON.parse(json!)).toEqual({
      '/slider/all/s': { data: [{ image: '/api/uploads/a.svg' }] },
    });
  });

  it("preloads an upload's renditions with the page's sizes", () => {
    const base = '/api/uploads/products/s/0123456789abcdef-320-640';
    const html = renderPageHtml(index, undefined, {
      responses: {},
      image: `${base}/640.webp`,
      imageSizes: '(min-width: 768px) 50vw, 100vw',
      module: 'm',
    });
    expect(html).toContain(
      `<link rel="preload" as="image" href="${base}/640.webp" imagesrcset="${base}/320.webp 320w, ${base}/640.webp 640w" imagesizes="(min-width: 768px) 50vw, 100vw" fetchpriority="high" />`,
    );
  });

  it('keeps API answers from closing the data block and `$` patterns literal', () => {
    const html = renderPageHtml(
      index,
      { title: "Tee $& $' more", description: 'd', type: 'website', url: 'https://s/x' },
      {
        responses: { '/p': '{"title":"</script><script>alert(1)</script> $\' $&"}' },
        module: 'm',
      },
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Tee $&amp; $&#39; more</title>');
    const json = /id="first-screen-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({
      '/p': { title: "</script><script>alert(1)</script> $' $&" },
    });
    expect(html.match(/<\/body>/g)).toHaveLength(1);
  });

  it("writes the announcement into the frame's slot, escaped and literal", () => {
    const frame = index.replace('<body>', '<body><p><!--announcement--></p>');
    const html = renderPageHtml(frame, undefined, {
      responses: {},
      module: 'm',
      announcement: `Sale <b>$& 20%</b> off`,
    });
    expect(html).toContain('<p>Sale &lt;b&gt;$&amp; 20%&lt;/b&gt; off</p>');
    // Without an announcement the slot stays empty.
    expect(renderPageHtml(frame, undefined, { responses: {}, module: 'm' })).toContain('<p></p>');
  });

  it('leaves the announcement bar out of the frame for a shop that has none', () => {
    const bar =
      '<!--announcement-bar--><div class="bar"><p><!--announcement--></p></div><!--/announcement-bar-->';
    const frame = index.replace('<body>', `<body>${bar}<main></main>`);
    const none = renderPageHtml(frame, undefined, {
      responses: {},
      module: 'm',
      announcement: null,
    });
    expect(none).not.toContain('class="bar"');
    expect(none).toContain('<body><main></main>');
    // Not known (no marquee read): the bar keeps its place, empty.
    expect(renderPageHtml(frame, undefined, { responses: {}, module: 'm' })).toContain(
      '<div class="bar"><p></p></div>',
    );
    const some = renderPageHtml(frame, undefined, {
      responses: {},
      module: 'm',
      announcement: 'Sale',
    });
    expect(some).toContain('<div class="bar"><p>Sale</p></div>');
  });
});

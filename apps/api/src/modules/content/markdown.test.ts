import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists, tables and quotes', () => {
    const html = renderMarkdown('## Fees\n\n- one\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n> said');
    expect(html).toContain('<h2>Fees</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<table>');
    expect(html).toContain('<blockquote>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses javascript: links and keeps tel:, mailto: and paths', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript');
    expect(renderMarkdown('[call](tel:+919820012345)')).toContain('href="tel:+919820012345"');
    expect(renderMarkdown('[m](mailto:a@b.in)')).toContain('href="mailto:a@b.in"');
    expect(renderMarkdown('[r](/refund-policy)')).toContain('href="/refund-policy"');
  });

  it('opens other sites in a new tab without the opener', () => {
    expect(renderMarkdown('[map](https://www.google.com/maps)')).toContain(
      'target="_blank" rel="noopener noreferrer"',
    );
  });
});

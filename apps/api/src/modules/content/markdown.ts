import MarkdownIt from 'markdown-it';

/**
 * Markdown to HTML for content pages: raw HTML in the source is escaped (html: false), and
 * markdown-it's link check refuses javascript:, vbscript:, file: and data: (but images) URLs.
 * Links to other sites open in a new tab without the opener.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

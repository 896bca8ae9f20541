import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Readable defaults for the elements Markdown makes (no typography plugin needed). */
const prose = [
  'max-w-none text-base leading-7 text-slate-800',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-orange-800 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:my-4 [&_blockquote]:rounded-lg [&_blockquote]:border-l-4 [&_blockquote]:border-orange-600 [&_blockquote]:bg-orange-50 [&_blockquote]:px-4 [&_blockquote]:py-1',
  '[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
].join(' ');

/**
 * HTML the server rendered from a content page's Markdown (raw HTML escaped, unsafe links
 * refused: apps/api/src/modules/content/markdown.ts). Links to this shop's pages navigate in the
 * app instead of reloading it.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // The click handler only routes clicks on the links inside; keyboard users press the links.
    <div className={prose} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

import { contentSlugProblem } from '@shop/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { RenderedMarkdown } from '../../components/content/rendered-markdown.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { previewMarkdown, useDeletePage, usePage, useSavePage } from './content-api.ts';

/** /admin/content/pages/new and /:slug: a page's title, description and Markdown with preview. */
export function Component() {
  const { slug } = useParams();
  const page = usePage(slug);
  if (slug && page.isPending) return <AdminPage title="Page">Loading…</AdminPage>;
  if (slug && page.error) {
    return (
      <AdminPage title="Page">
        <FormAlert message={errorText(page.error)} />
      </AdminPage>
    );
  }
  return <Editor key={slug ?? 'new'} slug={slug ?? null} initial={page.data ?? null} />;
}

function Editor({
  slug,
  initial,
}: {
  slug: string | null;
  initial: { title: string; description: string; body_markdown: string; path: string } | null;
}) {
  const navigate = useNavigate();
  const save = useSavePage();
  const del = useDeletePage();
  const [form, setForm] = useState({
    slug: slug ?? '',
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    body_markdown: initial?.body_markdown ?? '',
  });
  const [slugError, setSlugError] = useState<string | undefined>();
  const [html, setHtml] = useState('');
  const [previewError, setPreviewError] = useState<string | null>(null);
  // The preview follows the Markdown, rendered by the server with the storefront's rules.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      previewMarkdown(form.body_markdown).then(
        (h) => {
          if (live) {
            setHtml(h);
            setPreviewError(null);
          }
        },
        (e: unknown) => {
          if (live) setPreviewError(errorText(e));
        },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [form.body_markdown]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const fieldError = (name: string) =>
    save.error instanceof ServerError && save.error.field === name
      ? errorText(save.error)
      : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!slug) {
      const problem = contentSlugProblem(form.slug.trim());
      setSlugError(problem ?? undefined);
      if (problem) return;
    }
    const body = slug
      ? { title: form.title, description: form.description, body_markdown: form.body_markdown }
      : { ...form, slug: form.slug.trim() };
    save.mutate(
      { slug, body },
      { onSuccess: (res) => void navigate(`/content/pages/${res.data.slug}`, { replace: true }) },
    );
  };
  const known = ['slug', 'title', 'description', 'body_markdown'];
  const saved = save.isSuccess ? save.data.data : null;
  const path = saved?.path ?? initial?.path;
  return (
    <AdminPage
      title={slug ? `Edit ${initial?.title ?? slug}` : 'New page'}
      actions={
        <Link to="/content/pages" className="text-sm font-semibold text-slate-800 underline">
          Back to pages
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2" aria-label="Page">
        <div className="flex flex-col gap-3">
          <TextField
            label="Address (after the site's /)"
            value={form.slug}
            readOnly={slug !== null}
            onChange={set('slug')}
            error={slugError ?? fieldError('slug')}
            required
          />
          <TextField
            label="Title"
            value={form.title}
            onChange={set('title')}
            error={fieldError('title')}
            required
          />
          <TextAreaField
            label="Description (search results)"
            value={form.description}
            onChange={set('description')}
            error={fieldError('description')}
            rows={2}
            required
          />
          <TextAreaField
            label="Body (Markdown)"
            value={form.body_markdown}
            onChange={set('body_markdown')}
            error={fieldError('body_markdown')}
            rows={14}
            className="font-mono text-sm"
          />
          <FormAlert
            message={
              save.error &&
              !(save.error instanceof ServerError && known.includes(save.error.field ?? ''))
                ? errorText(save.error)
                : del.error
                  ? errorText(del.error)
                  : null
            }
          />
          {saved && (
            <p role="status" className="text-sm font-semibold text-green-800">
              Saved.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save page'}
            </Button>
            {path && (
              <a
                href={path}
                target="_blank"
                rel="noreferrer"
                className="self-center text-sm underline"
              >
                Open on the shop ({path})
              </a>
            )}
            {slug && (
              <Button
                variant="ghost"
                onClick={() => {
                  if (window.confirm('Delete this page?')) {
                    del.mutate(slug, { onSuccess: () => void navigate('/content/pages') });
                  }
                }}
              >
                Delete page
              </Button>
            )}
          </div>
        </div>
        <section
          aria-label="Preview"
          className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
            Preview
          </h2>
          <FormAlert message={previewError} />
          <h3 className="text-2xl font-extrabold text-slate-900">{form.title}</h3>
          <RenderedMarkdown html={html} />
        </section>
      </form>
    </AdminPage>
  );
}

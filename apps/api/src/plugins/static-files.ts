import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MEDIA_TYPES, type MediaStore } from '../adapters/media-store.ts';
import { sendCompressedText } from '../lib/compressed-body.ts';
import { redirectUploads, serveUploadsFromBucket } from './bucket-uploads.ts';
import { modulePreloadLink, withStoreId } from './page-html.ts';

/** Search engines keep out of the admin (its page says so too: meta robots). */
const ADMIN_ROBOTS = 'noindex, nofollow';

/**
 * The types an uploaded file is served as, by its extension; anything else is a download
 * (application/octet-stream, attachment). The server writes only .webp uploads; the seed's
 * artwork is .svg, which the sandbox policy below keeps from running script.
 */
const UPLOAD_TYPES: Record<string, string> = MEDIA_TYPES;

/** What an uploaded file may do when opened on its own: nothing but show itself. */
export const UPLOADS_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** Where /api/uploads/ reads from (decision 0038). */
export interface UploadsSource {
  /** DATA_DIR/uploads, served by @fastify/static when the store is the folder. */
  uploadsDir: string;
  store?: MediaStore;
  /** MEDIA_PUBLIC_URL: a CDN or the bucket's origin; every upload redirects there. */
  publicUrl?: string | undefined;
}

/**
 * Serves uploaded and generated images under /api/uploads/ with a type chosen by extension
 * (never sniffed: nosniff), a sandboxing CSP and no dot files: from the folder, streamed from
 * the bucket, or redirected to MEDIA_PUBLIC_URL.
 */
export async function serveUploads(app: FastifyInstance, source: UploadsSource | string) {
  const { uploadsDir, store, publicUrl } =
    typeof source === 'string' ? { uploadsDir: source } : source;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400) {
        const ext = path.extname(new URL(request.url, 'http://u').pathname).toLowerCase();
        const type = UPLOAD_TYPES[ext];
        reply.header('content-type', type ?? 'application/octet-stream');
        if (!type) reply.header('content-disposition', 'attachment');
      }
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', UPLOADS_CSP);
      return payload;
    });
    if (publicUrl) return redirectUploads(scope, publicUrl);
    if (store && store.kind !== 'folder') return serveUploadsFromBucket(scope, store);
    // A new shop has no uploads yet; the folder is made so the first ones are served.
    mkdirSync(uploadsDir, { recursive: true });
    await scope.register(fastifyStatic, {
      root: path.resolve(uploadsDir),
      prefix: '/api/uploads/',
      decorateReply: false,
      maxAge: '7d',
      immutable: false,
      dotfiles: 'deny',
    });
  });
}

/**
 * Serves the built web app's files; hashed assets are cached for a year. Returns index.html's
 * text, which the caller answers for client-side routes, or null when there is no build
 * (e.g. API tests).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<string | null> {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz beside each file; they are sent to browsers that accept them.
    preCompressed: true,
    // The pages themselves are never sent as files: the server writes the request's store into
    // them (page-shell.ts for index.html, serveAdminApp for admin.html; decision 0051).
    globIgnore: ['index.html*', 'admin.html*'],
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (path.basename(filePath).startsWith('admin.html')) {
        reply.setHeader('x-robots-tag', ADMIN_ROBOTS);
      }
    },
  });
  serveAdminApp(app, root, readModulePreloads(distDir, 'admin.html'));
  return readFileSync(index, 'utf8');
}

/** The admin's landing page, the dashboard: its route module is preloaded with /admin. */
const ADMIN_DASHBOARD_MODULE = 'src/admin/dashboard/dashboard-page.tsx';

/**
 * The admin app (its own Vite entry, admin.html) for /admin and every path under it; its
 * router draws the page. Never indexed (X-Robots-Tag), never cached stale (no-cache: asked for
 * again each time, so one host's store is never shown on another's).
 */
function serveAdminApp(
  app: FastifyInstance,
  root: string,
  modulePreloads: (module: string) => string[],
) {
  const file = path.join(root, 'admin.html');
  if (!existsSync(file)) return;
  const html = readFileSync(file, 'utf8');
  const links = modulePreloads(ADMIN_DASHBOARD_MODULE).map(modulePreloadLink);
  const dashboardHtml = links.length
    ? html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
    : html;
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', ADMIN_ROBOTS);
    const landing = /^\/admin\/?(\?|$)/.test(request.url);
    const page = withStoreId(landing ? dashboardHtml : html, app.storeOf(request));
    return sendCompressedText(request, reply, page);
  };
  app.get('/admin', { schema: { hide: true } }, answer);
  app.get('/admin/*', { schema: { hide: true } }, answer);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * From the build's Vite manifest: the script files a lazily loaded module of the web app needs
 * beyond what its page's entry (index.html, or admin.html for the admin) already loads (its chunk
 * and the chunks it imports), as URL paths. Without a manifest, nothing.
 */
export function readModulePreloads(
  distDir: string,
  entry: 'index.html' | 'admin.html' = 'index.html',
): (module: string) => string[] {
  const file = path.join(path.resolve(distDir), '.vite', 'manifest.json');
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  // What the entry loads (the storefront's and the admin's are different pages).
  const loaded = closure(Object.keys(manifest).filter((k) => k === entry));
  const cache = new Map<string, string[]>();
  return (module) => {
    let files = cache.get(module);
    if (!files) {
      files = [...closure([module])]
        .filter((key) => !loaded.has(key))
        .map((key) => `/${manifest[key]!.file}`);
      cache.set(module, files);
    }
    return files;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The web build's index.html, or null when there is no build (API tests). */
    webIndexHtml: string | null;
    /** The script files a lazily loaded web module needs beyond index.html's own. */
    modulePreloads: (module: string) => string[];
  }
}

/** Uploaded images under /api/uploads/, and the web build (when there is one) under /. */
export const staticFiles = fp(
  async (app: FastifyInstance, o: UploadsSource & { webDistDir: string }) => {
    await serveUploads(app, o);
    app.decorate('webIndexHtml', await serveWebApp(app, o.webDistDir));
    app.decorate('modulePreloads', readModulePreloads(o.webDistDir));
  },
  { name: 'static-files', dependencies: ['store-of-request'] },
);

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../../lib/admin-session.ts';
import { Component as PhotosPage } from './photos-page.tsx';

const ID = '6f1c2a8e-1111-4222-8333-444455556666';
const url = (n: number) =>
  `/api/uploads/products/urbanroll/${String(n).repeat(16)}-320-640/640.webp`;
const IMAGES = `/api/admin/products/${ID}/images`;

let stored = [url(1), url(2), url(3)];
const calls: { method: string; url: string; body: unknown }[] = [];
const answer = () => ({
  isError: false,
  data: { product_id: ID, images: stored.map((u) => ({ url: u, widths: [320, 640] })) },
});

function stubApi() {
  calls.length = 0;
  stored = [url(1), url(2), url(3)];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url: path, body });
      const json = (b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status: 200 }));
      if (path === `/api/admin/products/${ID}`) {
        return json({ isError: false, data: { title: 'Quad skates' } });
      }
      if (path === IMAGES && method === 'GET') return json(answer());
      if (path === IMAGES && method === 'PATCH') {
        stored = (body as { images: string[] }).images;
        return json(answer());
      }
      if (path.startsWith(`${IMAGES}?url=`) && method === 'DELETE') {
        const gone = decodeURIComponent(path.split('?url=')[1]!);
        stored = stored.filter((u) => u !== gone);
        return json(answer());
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  saveAdminSession(
    {
      user_id: 'u1',
      email: 'staff@example.com',
      full_name: 'S',
      main_id: 'urbanroll',
      role: 'staff',
    },
    { accessToken: 'a', refreshToken: 'r' },
  );
  stubApi();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/products/${ID}/photos`]}>
        <Routes>
          <Route path="/products/:productId/photos" element={<PhotosPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastPatch = () => calls.filter((c) => c.method === 'PATCH').at(-1);
const photos = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');

describe('the product photos page', () => {
  it('moves a photo down and up, and makes one the main one', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Photos: Quad skates' })).toBeInTheDocument();
    expect(photos()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 down' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 down' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Main photo changed.');
    expect(lastPatch()).toEqual({
      method: 'PATCH',
      url: IMAGES,
      body: { images: [url(2), url(1), url(3)] },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 up' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    expect(lastPatch()?.body).toEqual({ images: [url(2), url(3), url(1)] });

    fireEvent.click(screen.getByRole('button', { name: 'Make photo 3 the main one' }));
    expect(await screen.findByText('Main photo changed.')).toBeInTheDocument();
    expect(lastPatch()?.body).toEqual({ images: [url(1), url(2), url(3)] });
    expect(photos()[0]).toHaveAccessibleName('Photo 1 of 3, main photo');
  });

  it('deletes a photo only after confirming', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete photo 2' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Photo deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `${IMAGES}?url=${encodeURIComponent(url(2))}`,
    ]);
    expect(photos()).toHaveLength(2);
  });
});

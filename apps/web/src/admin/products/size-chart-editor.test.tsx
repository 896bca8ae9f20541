import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { SizeChartEditor } from './size-chart-editor.tsx';

const PATH = '/api/admin/size-charts/category/skates';
const puts: unknown[] = [];
let stored: string | null = null;

/** The size chart API of one category: GET answers what the last PUT saved. */
function stubApi() {
  puts.length = 0;
  stored = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const answer = (chart: string | null) =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              isError: false,
              data: {
                chart: chart ?? '',
                table: chart ? { columns: ['Size', 'Foot (cm)'], rows: [['6', '24.5']] } : null,
              },
            }),
            { status: 200 },
          ),
        );
      if (url !== PATH) return Promise.resolve(new Response('{}', { status: 404 }));
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { chart: string };
        puts.push(body);
        stored = body.chart.trim() === '' ? null : body.chart;
      }
      return answer(stored);
    }),
  );
}

function renderAs(role: 'owner' | 'staff') {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'urbanroll', role },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SizeChartEditor target={{ kind: 'category', key: 'skates' }} hint="Skates' sizes." />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('the size chart editor (issue 59 item 2)', () => {
  it('previews what the owner types, saves it and says so beside Save', async () => {
    renderAs('owner');
    const box = await screen.findByRole('textbox', { name: 'Size chart' });
    await vi.waitFor(() => expect(box).toBeEnabled());
    const save = screen.getByRole('button', { name: 'Save size chart' });
    expect(save).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Size | Foot (cm)\n6 | 24.5' } });
    expect(screen.getByRole('table', { name: 'Preview' })).toBeVisible();
    expect(screen.getByRole('cell', { name: '24.5' })).toBeVisible();
    fireEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Size chart saved.');
    expect(puts).toEqual([{ chart: 'Size | Foot (cm)\n6 | 24.5' }]);
  });

  it('names what is wrong under the box and will not save it', async () => {
    renderAs('owner');
    const box = await screen.findByRole('textbox', { name: 'Size chart' });
    await vi.waitFor(() => expect(box).toBeEnabled());
    fireEvent.change(box, { target: { value: 'Size | Foot (cm)' } });
    expect(screen.getByText('Add at least one row under the heading line')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save size chart' })).toBeDisabled();
    expect(puts).toEqual([]);
  });

  it('removes the chart when emptied and saved', async () => {
    stored = 'Size | Foot (cm)\n6 | 24.5';
    renderAs('owner');
    const box = await screen.findByRole('textbox', { name: 'Size chart' });
    await vi.waitFor(() => expect(box).toHaveValue('Size | Foot (cm)\n6 | 24.5'));
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save size chart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Size chart removed.');
    expect(puts).toEqual([{ chart: '' }]);
  });

  it('shows staff nothing (the owner writes charts)', () => {
    renderAs('staff');
    expect(screen.queryByTestId('size-chart-editor')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { ProductsField, type ChosenProduct } from './products-field.tsx';

const ROWS = [
  { product_id: 'p-1', title: 'Quad Skates', sku: 'QS-1', image: '' },
  { product_id: 'p-2', title: 'Knee Pads', sku: 'KP-1', image: '' },
];

function Harness({ start }: { start: ChosenProduct[] }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <ProductsField
        label="Products, in order"
        value={value}
        onChange={setValue}
        error={undefined}
      />
      <output data-testid="ids">{value.map((p) => p.product_id).join(',')}</output>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the products of a new-arrival group', () => {
  it('finds products by name, adds them once, moves and removes them, never showing ids', async () => {
    saveAdminSession(
      { user_id: 'u', email: 's@example.com', full_name: 'S', main_id: 'x', role: 'staff' },
      { accessToken: 'a', refreshToken: 'r' },
    );
    const searched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        searched.push(path);
        return Promise.resolve(
          new Response(
            JSON.stringify({ isError: false, data: ROWS, page: 1, limit: 10, total: 2 }),
            { status: 200 },
          ),
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness start={[{ product_id: 'p-0', title: 'Helmet', sku: 'HM-1' }]} />
      </QueryClientProvider>,
    );
    const chosen = () =>
      within(screen.getByRole('list', { name: 'Products, in order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(chosen()[0]).toContain('Helmet (HM-1)');

    fireEvent.change(screen.getByLabelText('Find a product to add'), { target: { value: 'skat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Quad Skates' }));
    expect(screen.getByRole('button', { name: 'Add Quad Skates' })).toBeDisabled();
    expect(searched[0]).toContain('search=skat');
    fireEvent.click(screen.getByRole('button', { name: 'Add Knee Pads' }));
    expect(screen.getByTestId('ids')).toHaveTextContent('p-0,p-1,p-2');

    fireEvent.click(screen.getByRole('button', { name: 'Move Knee Pads up' }));
    expect(screen.getByTestId('ids')).toHaveTextContent('p-0,p-2,p-1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Helmet' }));
    expect(screen.getByTestId('ids')).toHaveTextContent('p-2,p-1');
    expect(screen.getByRole('button', { name: 'Move Knee Pads up' })).toBeDisabled();
    expect(chosen().join(' ')).not.toContain('p-2');
  });
});

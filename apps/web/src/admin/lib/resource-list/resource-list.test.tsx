import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceList } from './resource-list.tsx';
import { useResourceList, type ResourcePage } from './use-resource-list.ts';

interface Fruit {
  id: string;
  name: string;
}
interface FruitFilters {
  page: number;
  colour: string;
  q: string;
}

const FRUITS: Fruit[] = Array.from({ length: 5 }, (_, i) => ({ id: `f${i}`, name: `Fruit ${i}` }));

/** Two fruits a page; the colour filter keeps the first three. */
const fetchPage = vi.fn(({ page, colour }: FruitFilters): Promise<ResourcePage<Fruit>> => {
  const all = colour ? FRUITS.slice(0, 3) : FRUITS;
  return Promise.resolve({ data: all.slice((page - 1) * 2, page * 2), total: all.length });
});

function FruitDesk() {
  const list = useResourceList({
    queryKey: 'fruits',
    initialFilters: { page: 1, colour: '', q: '' },
    fetchPage,
    rowId: (f: Fruit) => f.id,
    pageSize: 2,
    initialNotice: 'Welcome back.',
  });
  return (
    <ResourceList
      list={list}
      noun={{ one: 'fruit', many: 'fruits' }}
      search={{
        id: 'fruit-search',
        label: 'Search fruits',
        placeholder: 'Name',
        onSearch: (q) => list.filter({ q }),
      }}
      filters={
        <button type="button" onClick={() => list.filter({ colour: 'red' })}>
          Red only
        </button>
      }
      bulkBar={<div data-testid="bulk-bar">{[...list.selected].join(',')}</div>}
      rowLabel={(f) => `Select ${f.name}`}
      card={(f) => <span>{f.name}</span>}
      columns={[{ heading: 'Name' }, { heading: 'Id', alignRight: true }]}
      cells={(f) => (
        <>
          <td>{f.name}</td>
          <td>{f.id}</td>
        </>
      )}
    />
  );
}

const renderDesk = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <FruitDesk />
    </QueryClientProvider>,
  );

const table = () => within(screen.getByRole('table'));
const cards = () => within(screen.getByRole('list', { name: 'Fruits' }));

describe('ResourceList', () => {
  it('shows a page of rows as cards and as a table, with the total and the notice', async () => {
    renderDesk();
    expect(screen.getByText('Loading fruits…')).toBeInTheDocument();
    expect(await screen.findByText('5 fruits')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back.');
    expect(screen.getAllByTestId('fruit-card')).toHaveLength(2);
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(2);
    expect(table().getByRole('columnheader', { name: 'Id' })).toHaveClass('text-right');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
  });

  it('ticks rows one by one or the whole page, and shows the bulk bar while any is ticked', async () => {
    renderDesk();
    await screen.findByText('5 fruits');
    fireEvent.click(cards().getByLabelText('Select Fruit 1'));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('f1');
    expect(table().getByLabelText('Select Fruit 1')).toBeChecked();

    const all = screen.getByLabelText('Select all fruits on this page');
    fireEvent.click(all);
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('f0,f1');
    expect(all).toBeChecked();
    fireEvent.click(all);
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
  });

  it('keeps the selection across pages, and a filter clears it and goes back to page 1', async () => {
    renderDesk();
    await screen.findByText('5 fruits');
    fireEvent.click(table().getByLabelText('Select Fruit 0'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await table().findByText('Fruit 2')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('f0');

    fireEvent.click(screen.getByRole('button', { name: 'Red only' }));
    expect(await screen.findByText('3 fruits')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, colour: 'red', q: '' });
  });

  it('searches from page 1 once the search is sent', async () => {
    renderDesk();
    await screen.findByText('5 fruits');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search fruits'), { target: { value: 'Fruit 1' } });
    expect(fetchPage).not.toHaveBeenCalledWith(expect.objectContaining({ q: 'Fruit 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, colour: '', q: 'Fruit 1' });
  });

  it('says when nothing matches and when the list cannot be loaded', async () => {
    fetchPage.mockResolvedValueOnce({ data: [], total: 0 });
    const { unmount } = renderDesk();
    expect(await screen.findByText('No fruits match these filters.')).toBeInTheDocument();
    unmount();
    fetchPage.mockRejectedValueOnce(new Error('The shop is offline.'));
    renderDesk();
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is offline.');
  });
});

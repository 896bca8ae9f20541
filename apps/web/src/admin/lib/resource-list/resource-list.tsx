import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api-request.ts';
import { Pager } from '../../layout/list-controls.tsx';
import { RowCheckbox } from './row-checkbox.tsx';
import { SearchForm } from './search-form.tsx';
import type { PagedFilters, ResourceListState } from './use-resource-list.ts';

/** A column of the wide screen's table: its heading, right-aligned for amounts. */
export interface ResourceColumn {
  heading: ReactNode;
  alignRight?: boolean;
}

/**
 * An admin list of resources paged by the server: its search box and filters, the bulk bar while
 * rows are ticked, the notice, then the rows as cards on phones and as a table from 768 px, and
 * the pager.
 */
export function ResourceList<Filters extends PagedFilters, Row>({
  list,
  noun,
  search,
  filters,
  bulkBar,
  rowLabel,
  card,
  columns,
  cells,
}: {
  list: ResourceListState<Filters, Row>;
  /** What a row is, singular and plural ("order", "orders"): it names the list and its test ids. */
  noun: { one: string; many: string };
  /** The search box: its id, label and placeholder, and what a search does. */
  search: Parameters<typeof SearchForm>[0];
  /** The filter controls under the search box. */
  filters: ReactNode;
  /** The bulk actions, shown while rows are ticked. */
  bulkBar: ReactNode;
  /** The accessible name of a row's tick box. */
  rowLabel: (row: Row) => string;
  /** A phone card's content after its tick box. */
  card: (row: Row) => ReactNode;
  columns: ResourceColumn[];
  /** A table row's cells after its tick box. */
  cells: (row: Row) => ReactNode;
}) {
  const { query, rows, total, selected, rowId, toggle } = list;
  const tick = (row: Row) => (
    <RowCheckbox
      label={rowLabel(row)}
      checked={selected.has(rowId(row))}
      onChange={() => toggle(rowId(row))}
    />
  );
  return (
    <>
      <SearchForm {...search} />
      {filters}
      {selected.size > 0 && bulkBar}
      {list.notice && (
        <p
          role="status"
          className="rounded-lg bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          {list.notice}
        </p>
      )}

      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(query.error)}
        </p>
      ) : query.isPending ? (
        <p className="text-slate-700">Loading {noun.many}…</p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          No {noun.many} match these filters.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {total} {total === 1 ? noun.one : noun.many}
          </p>
          {/* Phones: cards. */}
          <ul
            className="flex flex-col gap-2 md:hidden"
            aria-label={noun.many.charAt(0).toUpperCase() + noun.many.slice(1)}
          >
            {rows.map((row) => (
              <li
                key={rowId(row)}
                className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
                data-testid={`${noun.one}-card`}
              >
                {tick(row)}
                {card(row)}
              </li>
            ))}
          </ul>
          {/* 768 px and up: a table. */}
          <div className="hidden overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="p-2">
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label={`Select all ${noun.many} on this page`}
                      checked={list.allOnPage}
                      onChange={list.toggleAllOnPage}
                    />
                  </th>
                  {columns.map((c, i) => (
                    <th key={i} scope="col" className={c.alignRight ? 'p-2 text-right' : 'p-2'}>
                      {c.heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={rowId(row)}
                    className="border-t border-slate-200"
                    data-testid={`${noun.one}-row`}
                  >
                    <td className="p-2">{tick(row)}</td>
                    {cells(row)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={list.filters.page} pages={list.pages} onPage={list.goToPage} />
        </>
      )}
    </>
  );
}

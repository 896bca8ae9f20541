import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** One page of an admin list as the API answers it. */
export interface ResourcePage<Row> {
  data: Row[];
  total: number;
}

/** What an admin list is asked for: its filters, paged by the server from page 1. */
export interface PagedFilters {
  page: number;
}

/** What a bulk action needs of its list: the ticked rows, and the list's notice line. */
export interface ListSelection {
  selected: ReadonlySet<string>;
  clearSelection: () => void;
  setNotice: (text: string | null) => void;
}

/**
 * The state of a server-paged admin list: its filters (a filter change goes back to page 1 and
 * clears the selection), the page of rows, the rows ticked for a bulk action, and the notice
 * line above the list.
 */
export function useResourceList<Filters extends PagedFilters, Row>({
  queryKey,
  initialFilters,
  fetchPage,
  rowId,
  pageSize,
  initialNotice = null,
}: {
  /** The first part of the query key; the filters follow it. */
  queryKey: string;
  initialFilters: Filters;
  fetchPage: (filters: Filters) => Promise<ResourcePage<Row>>;
  rowId: (row: Row) => string;
  pageSize: number;
  initialNotice?: string | null;
}) {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const query = useQuery({
    queryKey: [queryKey, filters],
    queryFn: () => fetchPage(filters),
    placeholderData: (previous) => previous,
  });

  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(rowId(r)));
  const clearSelection = () => setSelected(new Set());

  return {
    query,
    filters,
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    rowId,
    /** Changes some filters: back to page 1, nothing selected. */
    filter: (patch: Partial<Filters>) => {
      setFilters((f) => ({ ...f, page: 1, ...patch }));
      clearSelection();
    },
    /** Turns the page; the selection stays. */
    goToPage: (page: number) => setFilters((f) => ({ ...f, page })),
    selected,
    allOnPage,
    toggle: (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    /** Ticks every row of the page, or clears the selection when all are ticked. */
    toggleAllOnPage: () => setSelected(allOnPage ? new Set() : new Set(rows.map(rowId))),
    clearSelection,
    notice,
    setNotice,
  };
}

export type ResourceListState<Filters extends PagedFilters, Row> = ReturnType<
  typeof useResourceList<Filters, Row>
>;

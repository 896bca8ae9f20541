import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { ResourceList } from '../lib/resource-list/resource-list.tsx';
import { useResourceList } from '../lib/resource-list/use-resource-list.ts';
import { OrderFilters } from './order-filters.tsx';
import { ORDER_COLUMNS, OrderCard, OrderCells } from './order-list-row.tsx';
import { exportCsv, listOrders, NO_FILTERS, PAGE_SIZE } from './orders-api.ts';
import { OrdersBulkBar } from './orders-bulk-bar.tsx';

/** /admin/orders: the orders desk's list. */
export function Component() {
  const list = useResourceList({
    queryKey: 'admin-orders',
    initialFilters: NO_FILTERS,
    fetchPage: listOrders,
    rowId: (o) => o.order_id,
    pageSize: PAGE_SIZE,
  });
  const [moveTo, setMoveTo] = useState<OrderStatus>('Packed');
  const csv = useMutation({
    mutationFn: () => exportCsv(list.filters),
    onError: (err) => list.setNotice(errorText(err)),
  });

  return (
    <AdminPage
      title="Orders"
      actions={
        <Button
          variant="secondary"
          onClick={() => csv.mutate()}
          disabled={csv.isPending}
          data-testid="export-csv"
        >
          {csv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <ResourceList
        list={list}
        noun={{ one: 'order', many: 'orders' }}
        search={{
          id: 'order-search',
          label: 'Search orders',
          placeholder: 'Order number, name, mobile or email',
          onSearch: (q) => list.filter({ q }),
        }}
        filters={<OrderFilters filters={list.filters} onFilter={list.filter} />}
        bulkBar={<OrdersBulkBar list={list} moveTo={moveTo} onMoveTo={setMoveTo} />}
        rowLabel={(o) => `Select order ${o.order_number}`}
        card={(o) => <OrderCard order={o} />}
        columns={ORDER_COLUMNS}
        cells={(o) => <OrderCells order={o} />}
      />
    </AdminPage>
  );
}

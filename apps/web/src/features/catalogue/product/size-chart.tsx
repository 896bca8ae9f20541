import { useState } from 'react';
import type { SizeChartTable } from '@shop/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { SizeChartTableView } from '../../../components/ui/size-chart-table.tsx';

/**
 * The "Size chart" link beside the sizes and the table it opens (the owner's chart for the
 * product, else for its category). Nothing when the product has none.
 */
export function SizeChartLink({
  chart,
  title,
}: {
  chart: SizeChartTable | null | undefined;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  if (!chart) return null;
  return (
    <>
      <button
        type="button"
        className="min-h-11 rounded-lg px-2 text-sm font-semibold text-orange-800 underline underline-offset-2 hover:bg-orange-50"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Size chart
      </button>
      <Modal title="Size chart" open={open} onClose={() => setOpen(false)}>
        <SizeChartTableView chart={chart} caption={title} />
      </Modal>
    </>
  );
}

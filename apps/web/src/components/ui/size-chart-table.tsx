import type { SizeChartTable } from '@shop/contracts';

/** The chart as a table, scrolling sideways in its own box when wider than a phone. */
export function SizeChartTableView({ chart, caption }: { chart: SizeChartTable; caption: string }) {
  return (
    <div
      className="overflow-x-auto"
      data-testid="size-chart"
      tabIndex={0}
      role="group"
      aria-label="Size chart table"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left text-slate-700">{caption}</caption>
        <thead>
          <tr>
            {chart.columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                className="border-b-2 border-slate-300 px-2 py-2 font-semibold whitespace-nowrap"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, r) => (
            <tr key={r} className="even:bg-slate-50">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th
                    key={i}
                    scope="row"
                    className="border-b border-slate-200 px-2 py-2 font-semibold"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="border-b border-slate-200 px-2 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

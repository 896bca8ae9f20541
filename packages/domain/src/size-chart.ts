/**
 * A size chart as the owner writes it on a phone: one row a line, the first line the heading,
 * cells split by `|` (a markdown table reads as one; its `---` line is skipped), else by a tab,
 * else by a comma. Blank text means no chart. Pure: the admin API checks it on save, the
 * catalogue reads it into the table the product page shows.
 */
export interface SizeChart {
  columns: string[];
  rows: string[][];
}

export const SIZE_CHART_LIMITS = { chars: 4000, columns: 8, rows: 30, cell: 40 } as const;

export type SizeChartParse = { ok: true; chart: SizeChart | null } | { ok: false; problem: string };

const SEPARATOR_CELL = /^:?-{2,}:?$/;

function cellsOf(line: string, by: string): string[] {
  let text = line;
  if (by === '|') text = text.replace(/^\|/, '').replace(/\|$/, '');
  return text.split(by).map((c) => c.trim());
}

export function parseSizeChart(text: string): SizeChartParse {
  if (text.length > SIZE_CHART_LIMITS.chars) {
    return { ok: false, problem: `A size chart is at most ${SIZE_CHART_LIMITS.chars} characters` };
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return { ok: true, chart: null };
  const head = lines[0]!;
  const by = head.includes('|') ? '|' : head.includes('\t') ? '\t' : ',';
  const table = lines
    .map((l) => cellsOf(l, by))
    .filter((cells) => !cells.every((c) => SEPARATOR_CELL.test(c)));
  const [columns, ...rows] = table as [string[], ...string[][]];
  if (columns.length < 2) {
    return {
      ok: false,
      problem: 'Write at least two columns, e.g. "Size | Chest (in)", split by | or commas',
    };
  }
  if (columns.length > SIZE_CHART_LIMITS.columns) {
    return { ok: false, problem: `A size chart has at most ${SIZE_CHART_LIMITS.columns} columns` };
  }
  if (columns.some((c) => c === '')) {
    return { ok: false, problem: 'Every column of the first line needs a heading' };
  }
  if (rows.length === 0) {
    return { ok: false, problem: 'Add at least one row under the heading line' };
  }
  if (rows.length > SIZE_CHART_LIMITS.rows) {
    return { ok: false, problem: `A size chart has at most ${SIZE_CHART_LIMITS.rows} rows` };
  }
  for (const [i, row] of rows.entries()) {
    if (row.length > columns.length) {
      return {
        ok: false,
        problem: `Row ${i + 1} has ${row.length} cells but the heading has ${columns.length}`,
      };
    }
  }
  const cells = [columns, ...rows].flat();
  if (cells.some((c) => c.length > SIZE_CHART_LIMITS.cell)) {
    return { ok: false, problem: `A cell is at most ${SIZE_CHART_LIMITS.cell} characters` };
  }
  return {
    ok: true,
    chart: {
      columns,
      rows: rows.map((r) => [...r, ...Array<string>(columns.length - r.length).fill('')]),
    },
  };
}

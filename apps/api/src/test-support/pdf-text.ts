import { getDocumentProxy } from 'unpdf';

interface Run {
  x: number;
  end: number;
  str: string;
}

/**
 * The text of a PDF as a reader sees it (pdf.js, no system tool): per page, the runs on one
 * baseline joined left to right, with a space where a gap separates them, lines top to bottom.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // (a copy: pdf.js takes over the buffer it is given)
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      const lines = new Map<number, Run[]>();
      for (const item of items) {
        if (!('str' in item) || item.str === '') continue;
        const [, , , , x, y] = item.transform as number[];
        const key = Math.round(y!);
        const line = lines.get(key) ?? [];
        line.push({ x: x!, end: x! + item.width, str: item.str });
        lines.set(key, line);
      }
      const text = [...lines.entries()]
        .sort(([a], [b]) => b - a) // PDF y grows upwards
        .map(([, runs]) =>
          runs
            .sort((a, b) => a.x - b.x)
            .reduce((out, run, i) => {
              const gap = i === 0 ? 0 : run.x - runs[i - 1]!.end;
              return out + (gap > 1 && !out.endsWith(' ') ? ' ' : '') + run.str;
            }, ''),
        );
      pages.push(text.join('\n'));
    }
    return pages.join('\n\f');
  } finally {
    await pdf.destroy();
  }
}

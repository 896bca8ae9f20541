/**
 * A small well-formedness check for the generated SVG (tests only): one root <svg> element,
 * balanced tags, quoted attributes without raw `<`, no duplicate attributes, and no `&` that does
 * not start an entity.
 */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!svg.startsWith('<svg ') || !svg.endsWith('</svg>')) problems.push('not a single <svg> root');
  if (!svg.includes('xmlns="http://www.w3.org/2000/svg"')) problems.push('missing xmlns');
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(svg)) problems.push('raw &');
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let cursor = 0;
  let roots = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(cursor, m.index);
    if (between.includes('<') || between.includes('>')) problems.push(`stray markup: ${between}`);
    cursor = m.index + m[0].length;
    const [, closing, name = '', attrs = '', selfClosing] = m;
    const names = [...attrs.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) problems.push(`duplicate attribute in <${name}>`);
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots += 1;
      stack.push(name);
    } else if (stack.length === 0) {
      roots += 1;
    }
  }
  if (svg.slice(cursor).trim()) problems.push('trailing text');
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

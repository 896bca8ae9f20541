/**
 * Locally generated placeholder artwork for the demo shops: flat product silhouettes on soft
 * gradients, as small self-contained SVG documents (no external fonts or images).
 */

export const ARTWORK_KINDS = [
  'tshirt',
  'polo',
  'jersey',
  'hoodie',
  'trackpants',
  'inline-skate',
  'quad-skate',
  'helmet',
  'knee-pads',
  'wrist-guards',
  'bag',
  'bottle',
  'socks',
  'cap',
  'wheels',
  'course',
  'kit',
] as const;

export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

export interface ProductArtworkInput {
  title: string;
  kind: ArtworkKind;
  /** The product's colour, `#rgb` or `#rrggbb`. */
  color: string;
  /** Stripes, straps, wheels and other details; derived from `color` when absent. */
  accent?: string | undefined;
}

export interface BannerInput {
  /** Headline; an empty title gives a text-free background image. */
  title: string;
  subtitle?: string | undefined;
  /** A small pill above the title, e.g. "FLAT 20% OFF". */
  tag?: string | undefined;
  /** A button-like pill below the text, e.g. "Shop now". */
  cta?: string | undefined;
  kind: ArtworkKind;
  color: string;
  accent?: string | undefined;
}

export type ArtworkSpec =
  | { type: 'product'; input: ProductArtworkInput }
  | { type: 'banner'; input: BannerInput }
  | { type: 'category'; kind: ArtworkKind; color: string };

const FONT = 'Helvetica Neue, Helvetica, Arial, sans-serif';

type Rgb = readonly [number, number, number];

function parseColor(color: string): Rgb {
  const hex = color.trim().replace(/^#/, '');
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map((c) => c + c)
          .join('')
      : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return [79, 70, 229];
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `a` moved a fraction `t` of the way towards `b`. */
function mix(a: string, b: string, t: number): string {
  const x = parseColor(a);
  const y = parseColor(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Perceived lightness, 0 (black) to 1 (white). */
export function colorLightness(color: string): number {
  const [r, g, b] = parseColor(color);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Splits text into at most `maxLines` lines of about `width` characters, with an ellipsis. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const raw of words) {
    const word = raw.length > width ? `${raw.slice(0, width - 1)}…` : raw;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length === 2 && maxLines >= 2)
    return balanceTwoLines(lines.join(' ').split(' '), width);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  return kept;
}

/** The split of `words` into two lines of at most `width` with the shortest longer line. */
function balanceTwoLines(words: string[], width: number): string[] {
  let best: string[] = [];
  let bestLength = Number.POSITIVE_INFINITY;
  for (let k = 1; k < words.length; k += 1) {
    const first = words.slice(0, k).join(' ');
    const second = words.slice(k).join(' ');
    const longest = Math.max(first.length, second.length);
    if (longest <= width && longest < bestLength) {
      best = [first, second];
      bestLength = longest;
    }
  }
  return best;
}

interface Palette {
  base: string;
  dark: string;
  darker: string;
  light: string;
  accent: string;
  outline: string;
}

function palette(color: string, accent?: string): Palette {
  const base = toHex(parseColor(color));
  const l = colorLightness(base);
  return {
    base,
    dark: mix(base, '#000000', l < 0.2 ? 0.5 : 0.22),
    darker: mix(base, '#000000', 0.45),
    light: l < 0.2 ? mix(base, '#ffffff', 0.25) : mix(base, '#ffffff', 0.35),
    accent: accent ? toHex(parseColor(accent)) : l > 0.55 ? '#334155' : '#f8fafc',
    outline: l > 0.8 ? '#94a3b8' : mix(base, '#000000', 0.35),
  };
}

/** The silhouette of a kind, drawn in a 600x600 box, roughly inside x 80-540, y 40-430. */
function silhouette(kind: ArtworkKind, p: Palette): string {
  const body = `fill="${p.base}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"`;
  const line = (color: string, width: number) =>
    `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'tshirt':
    case 'polo':
    case 'jersey': {
      const shirt = `<path d="M222 92 L160 112 L86 172 L128 246 L172 220 L172 418 Q300 432 428 418 L428 220 L472 246 L514 172 L440 112 L378 92 Q300 140 222 92 Z" ${body}/>`;
      const seams = `<path d="M172 220 L180 150 M428 220 L420 150" ${line(p.dark, 4)} opacity=".5"/>`;
      if (kind === 'polo')
        return `${shirt}${seams}<path d="M222 92 L262 148 L300 112 L338 148 L378 92 Q300 118 222 92 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"/><path d="M300 112 L300 200" ${line(p.dark, 5)}/><circle cx="300" cy="150" r="6" fill="${p.accent}"/><circle cx="300" cy="180" r="6" fill="${p.accent}"/>`;
      if (kind === 'jersey')
        return `${shirt}${seams}<path d="M222 92 Q300 140 378 92" ${line(p.accent, 12)}/><path d="M104 190 L142 224 M496 190 L458 224" ${line(p.accent, 14)}/><text x="300" y="330" text-anchor="middle" font-family="${FONT}" font-size="110" font-weight="800" fill="${p.accent}">10</text>`;
      return `${shirt}${seams}<path d="M222 92 Q300 140 378 92" ${line(p.dark, 10)}/><rect x="214" y="212" width="172" height="92" rx="14" fill="${p.accent}" opacity=".9"/><circle cx="262" cy="258" r="22" fill="${p.base}"/><path d="M298 246 h60 M298 272 h40" ${line(p.base, 10)}/>`;
    }
    case 'hoodie':
      return `<path d="M204 128 L150 140 Q112 152 104 200 L82 398 L134 408 L164 250 L168 424 Q300 436 432 424 L436 250 L466 408 L518 398 L496 200 Q488 152 450 140 L396 128 Z" ${body}/><path d="M204 128 Q208 48 300 44 Q392 48 396 128 Q300 176 204 128 Z" ${body}/><path d="M238 126 Q244 82 300 80 Q356 82 362 126 Q300 150 238 126 Z" fill="${p.darker}"/><path d="M276 150 L270 222 M324 150 L330 222" ${line(p.accent, 6)}/><path d="M218 322 L382 322 L404 400 L196 400 Z" fill="${p.dark}" opacity=".55"/><path d="M82 398 L134 408 M466 408 L518 398" ${line(p.darker, 16)}/><path d="M168 410 Q300 424 432 410" ${line(p.dark, 14)}/>`;
    case 'trackpants':
      return `<path d="M196 62 L404 62 L430 420 L334 420 L300 170 L266 420 L170 420 Z" ${body}/><rect x="192" y="50" width="216" height="40" rx="10" fill="${p.dark}"/><path d="M282 88 L276 130 M318 88 L324 130" ${line(p.accent, 5)}/><path d="M206 98 L184 404 M394 98 L416 404" ${line(p.accent, 12)}/><path d="M172 404 L264 404 M336 404 L428 404" ${line(p.darker, 18)}/><path d="M300 100 L300 170" ${line(p.dark, 4)}/>`;
    case 'inline-skate':
      return `<path d="M176 64 L320 64 Q336 64 334 80 L326 184 Q330 214 370 224 L468 250 Q506 260 506 296 L506 322 L164 322 L164 76 Q164 64 176 64 Z" ${body}/><rect x="160" y="108" width="180" height="30" rx="8" fill="${p.accent}"/><rect x="300" y="110" width="24" height="26" rx="4" fill="${p.darker}"/><path d="M350 232 L372 210 M384 240 L406 218 M418 248 L440 226" ${line(p.accent, 8)}/><rect x="158" y="310" width="354" height="22" rx="10" fill="${p.darker}"/><path d="M182 332 L488 332 L472 362 L198 362 Z" fill="#475569"/><g fill="#1e293b">${[216, 292, 368, 444].map((x) => `<circle cx="${x}" cy="382" r="36"/>`).join('')}</g><g fill="${p.accent}">${[216, 292, 368, 444].map((x) => `<circle cx="${x}" cy="382" r="14"/>`).join('')}</g>`;
    case 'quad-skate':
      return `<path d="M196 86 L318 86 Q334 86 334 102 L334 196 Q340 222 380 230 L460 246 Q502 256 502 296 L502 318 L184 318 L184 98 Q184 86 196 86 Z" ${body}/><path d="M226 110 L300 130 M226 140 L300 160 M226 170 L300 190 M300 110 L226 130 M300 140 L226 160 M300 170 L226 190" ${line(p.accent, 6)}/><rect x="178" y="310" width="330" height="22" rx="10" fill="${p.darker}"/><path d="M220 332 L270 332 L258 356 L232 356 Z M420 332 L470 332 L458 356 L432 356 Z" fill="#64748b"/><circle cx="508" cy="338" r="18" fill="${p.accent}" stroke="#1e293b" stroke-width="4"/><g fill="${p.accent}" stroke="#1e293b" stroke-width="8">${[246, 446].map((x) => `<circle cx="${x}" cy="380" r="42"/>`).join('')}</g><g fill="#1e293b">${[246, 446].map((x) => `<circle cx="${x}" cy="380" r="12"/>`).join('')}</g>`;
    case 'helmet':
      return `<path d="M190 336 L300 408 L414 336" ${line('#334155', 10)}/><path d="M108 320 C104 170 200 84 306 84 C420 84 494 176 494 302 L494 318 Q494 340 472 340 L130 340 Q108 340 108 320 Z" ${body}/><path d="M110 296 L494 296 L494 318 Q494 340 472 340 L130 340 Q110 340 110 320 Z" fill="${p.dark}"/><path d="M300 92 L300 296" fill="none" stroke="${p.accent}" stroke-width="26"/><g fill="${p.darker}" opacity=".7">${[-62, -34, 34, 62].map((a) => `<rect x="288" y="118" width="24" height="74" rx="12" transform="rotate(${a} 300 300)"/>`).join('')}</g><rect x="284" y="396" width="36" height="22" rx="5" fill="#1e293b"/>`;
    case 'knee-pads': {
      const pad = `<path d="M-78 -160 Q0 -178 78 -160 L88 150 Q0 170 -88 150 Z" ${body}/><ellipse cx="0" cy="-30" rx="66" ry="92" fill="${p.dark}" stroke="${p.darker}" stroke-width="4"/><path d="M-40 -70 Q0 -100 40 -70 M-46 -20 Q0 -48 46 -20" ${line(p.light, 6)} opacity=".7"/><rect x="-98" y="-130" width="196" height="30" rx="8" fill="${p.accent}"/><rect x="-102" y="94" width="204" height="30" rx="8" fill="${p.accent}"/>`;
      return `<g transform="translate(220 250) rotate(-6)">${pad}</g><g transform="translate(384 236) rotate(7)">${pad}</g>`;
    }
    case 'wrist-guards':
      return `<path d="M210 420 L210 170 Q210 116 262 112 L380 112 Q424 116 424 168 L424 244 Q470 222 494 254 Q506 278 476 300 L424 340 L424 420 Z" ${body}/><g fill="${p.darker}">${[240, 290, 340, 386].map((x) => `<rect x="${x - 18}" y="100" width="36" height="30" rx="14"/>`).join('')}</g><rect x="270" y="168" width="96" height="236" rx="30" fill="${p.accent}" opacity=".92"/><rect x="200" y="250" width="234" height="30" rx="8" fill="${p.dark}"/><rect x="200" y="350" width="234" height="30" rx="8" fill="${p.dark}"/><rect x="404" y="246" width="34" height="38" rx="6" fill="${p.darker}"/><rect x="404" y="346" width="34" height="38" rx="6" fill="${p.darker}"/>`;
    case 'bag':
      return `<path d="M250 96 Q250 52 300 52 Q350 52 350 96" ${line(p.darker, 16)}/><path d="M170 150 Q170 92 230 92 L370 92 Q430 92 430 150 L430 392 Q430 420 402 420 L198 420 Q170 420 170 392 Z" ${body}/><path d="M184 146 Q300 112 416 146" ${line(p.accent, 6)}/><rect x="208" y="256" width="184" height="132" rx="26" fill="${p.dark}"/><path d="M224 290 L376 290" ${line(p.accent, 6)}/><rect x="284" y="296" width="32" height="14" rx="4" fill="${p.accent}"/><path d="M170 180 L140 200 L140 372 L170 392 M430 180 L460 200 L460 372 L430 392" ${line(p.darker, 14)}/>`;
    case 'bottle':
      return `<rect x="262" y="40" width="76" height="52" rx="12" fill="#1e293b"/><path d="M278 58 Q300 30 322 58" ${line('#1e293b', 8)}/><path d="M256 92 L344 92 L344 124 Q384 140 384 186 L384 398 Q384 424 358 424 L242 424 Q216 424 216 398 L216 186 Q216 140 256 124 Z" ${body}/><path d="M216 210 Q300 236 384 210 L384 328 Q300 354 216 328 Z" fill="${p.accent}" opacity=".9"/><path d="M240 180 L240 390" ${line('#ffffff', 12)} opacity=".35"/><path d="M256 124 L344 124" ${line(p.dark, 6)}/>`;
    case 'socks': {
      const sock = (fill: string, dx: number, dy: number) =>
        `<g transform="translate(${dx} ${dy})"><path d="M0 0 L110 0 L110 210 Q110 232 130 242 L214 280 Q252 300 238 338 Q222 368 184 352 L40 290 Q0 272 0 228 Z" fill="${fill}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"/><rect x="-4" y="-4" width="118" height="52" rx="8" fill="${p.accent}"/><path d="M12 16 h86 M12 32 h86" ${line(p.dark, 4)} opacity=".4"/><path d="M0 228 Q0 272 40 290 L62 254 Q28 244 24 214 Z" fill="${p.dark}"/><path d="M184 352 Q222 368 238 338 Q252 300 214 280 L196 318 Z" fill="${p.dark}"/></g>`;
      return sock(p.light, 260, 56) + sock(p.base, 176, 78);
    }
    case 'cap':
      return `<path d="M414 306 Q512 300 548 342 Q470 356 388 334 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"/><path d="M128 326 Q120 132 296 120 Q446 122 452 326 Z" ${body}/><path d="M296 120 Q246 210 254 326 M296 120 Q370 200 382 326" ${line(p.dark, 5)} opacity=".6"/><rect x="120" y="306" width="334" height="26" rx="10" fill="${p.darker}"/><ellipse cx="296" cy="118" rx="22" ry="10" fill="${p.accent}"/><circle cx="218" cy="232" r="34" fill="${p.accent}"/><path d="M204 232 h28" ${line(p.base, 8)}/>`;
    case 'wheels': {
      const wheel = (x: number, y: number) =>
        `<g transform="translate(${x} ${y})"><circle r="82" fill="${p.base}" stroke="${p.outline}" stroke-width="4"/><circle r="64" fill="none" stroke="${p.light}" stroke-width="6" opacity=".6"/><circle r="44" fill="${p.accent}"/><g fill="${p.base}">${[0, 72, 144, 216, 288].map((a) => `<circle cx="0" cy="-30" r="7" transform="rotate(${a})"/>`).join('')}</g><circle r="17" fill="#cbd5e1" stroke="#475569" stroke-width="5"/></g>`;
      return wheel(214, 148) + wheel(390, 148) + wheel(214, 322) + wheel(390, 322);
    }
    case 'course': {
      const fig = colorLightness(p.base) > 0.75 ? p.darker : p.base;
      return `<circle cx="300" cy="236" r="196" fill="${p.light}" opacity=".35"/><path d="M96 170 h70 M70 220 h86 M100 270 h56" ${line(p.accent, 10)}/><circle cx="346" cy="96" r="38" fill="${fig}"/><path d="M330 150 L272 262" ${line(fig, 46)}/><path d="M318 172 L392 208 L446 182 M316 170 L236 196 L190 160" ${line(fig, 24)}/><path d="M272 262 L356 300 L330 372 M272 262 L214 318 L140 312" ${line(fig, 30)}/><path d="M282 370 L386 370 Q396 370 396 384 L396 392 L276 392 Z" fill="${p.darker}"/><g fill="${p.accent}" stroke="${p.darker}" stroke-width="4"><circle cx="298" cy="406" r="13"/><circle cx="336" cy="406" r="13"/><circle cx="374" cy="406" r="13"/></g><g transform="rotate(-12 140 320)"><path d="M84 312 L174 312 Q184 312 184 324 L184 332 L80 332 Z" fill="${p.darker}"/><g fill="${p.accent}" stroke="${p.darker}" stroke-width="4"><circle cx="100" cy="346" r="12"/><circle cx="132" cy="346" r="12"/><circle cx="164" cy="346" r="12"/></g></g><g transform="translate(470 330)"><path d="M-22 -70 L-8 -26 M22 -70 L8 -26" ${line(p.accent, 12)}/><circle r="36" fill="#f5b301" stroke="#b7791f" stroke-width="6"/><path d="M0 -18 L6 -4 L20 -4 L9 5 L13 19 L0 11 L-13 19 L-9 5 L-20 -4 L-6 -4 Z" fill="#fff7d6"/></g>`;
    }
    case 'kit':
      return `<path d="M300 110 L472 170 L300 232 L128 170 Z" fill="${p.light}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"/><path d="M128 170 L300 232 L300 420 L128 358 Z" ${body}/><path d="M300 232 L472 170 L472 358 L300 420 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="4" stroke-linejoin="round"/><path d="M214 140 L386 202 L386 390 M386 140 L214 202 L214 390" fill="none" stroke="${p.accent}" stroke-width="18" stroke-linejoin="round"/><path d="M300 171 Q240 90 214 118 Q200 150 300 171 Q360 90 386 118 Q400 150 300 171 Z" fill="${p.accent}" stroke="${p.darker}" stroke-width="4"/><rect x="330" y="300" width="104" height="50" rx="8" fill="#ffffff" opacity=".9" transform="rotate(-20 382 325)"/>`;
  }
}

function backgroundColors(p: Palette): [string, string] {
  const l = colorLightness(p.base);
  if (l > 0.8) return ['#e8eef6', '#c9d6e6'];
  if (l < 0.2) return ['#f3f4f6', '#d7dce4'];
  return [mix(p.base, '#ffffff', 0.88), mix(p.base, '#ffffff', 0.66)];
}

/** A square (600x600) product picture with the product's name at the bottom. */
export function productArtworkSvg(input: ProductArtworkInput): string {
  const p = palette(input.color, input.accent);
  const [top, bottom] = backgroundColors(p);
  const l = colorLightness(p.base);
  const ink = l > 0.15 && l < 0.8 ? mix(p.base, '#0f172a', 0.72) : '#1e293b';
  const deco = colorLightness(p.accent) > 0.9 ? p.dark : p.accent;
  const lines = wrapText(input.title, 26, 2);
  const size = lines.length > 1 ? 30 : 34;
  const text = lines
    .map(
      (ln, i) =>
        `<text x="300" y="${lines.length > 1 ? 500 + i * 40 : 522}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${ink}">${escapeXml(ln)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeXml(input.title)}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx=".5" cy=".42" r=".5"><stop offset="0" stop-color="#ffffff" stop-opacity=".85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="600" height="600" fill="url(#bg)"/><rect width="600" height="520" fill="url(#glow)"/>`,
    `<circle cx="530" cy="70" r="64" fill="${deco}" opacity=".12"/><circle cx="58" cy="372" r="34" fill="${deco}" opacity=".1"/><circle cx="96" cy="86" r="10" fill="${deco}" opacity=".2"/>`,
    `<ellipse cx="300" cy="432" rx="190" ry="14" fill="#0f172a" opacity=".12"/>`,
    silhouette(input.kind, p),
    `<rect x="36" y="456" width="528" height="112" rx="22" fill="#ffffff" opacity=".82"/>`,
    text,
    '</svg>',
  ].join('');
}

/** A wide (1200x500) slider or offer banner: text on the left, the item on the right. */
export function bannerSvg(input: BannerInput): string {
  const p = palette(input.color, input.accent);
  const l = colorLightness(p.base);
  const base = l > 0.55 ? mix(p.base, '#0f172a', 0.6) : p.base;
  const from = mix(base, '#000000', 0.35);
  const to = mix(base, '#ffffff', 0.12);
  const pill = colorLightness(p.accent) > 0.85 ? '#fbbf24' : p.accent;
  const pillInk = colorLightness(pill) > 0.55 ? '#111827' : '#ffffff';
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" width="1200" height="500" role="img" aria-label="${escapeXml(input.title || 'Banner')}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2=".4"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="1200" height="500" fill="url(#bg)"/>`,
    `<circle cx="1120" cy="40" r="150" fill="#ffffff" opacity=".06"/><circle cx="60" cy="470" r="110" fill="#ffffff" opacity=".05"/>`,
    `<circle cx="905" cy="250" r="236" fill="none" stroke="#ffffff" stroke-opacity=".25" stroke-width="3" stroke-dasharray="10 14"/>`,
    `<circle cx="905" cy="250" r="206" fill="${backgroundColors(p)[0]}"/>`,
    `<g transform="translate(905 250) scale(.74) translate(-300 -236)">${silhouette(input.kind, p)}</g>`,
  ];
  let y = 150;
  if (input.tag) {
    const tag = escapeXml(input.tag.toUpperCase());
    const w = Math.round(input.tag.length * 14.5 + 44);
    parts.push(
      `<rect x="80" y="${y - 34}" width="${w}" height="44" rx="22" fill="${pill}"/><text x="${80 + w / 2}" y="${y - 5}" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" letter-spacing="1" fill="${pillInk}">${tag}</text>`,
    );
    y += 70;
  }
  if (input.title) {
    for (const ln of wrapText(input.title, 18, 2)) {
      parts.push(
        `<text x="80" y="${y}" font-family="${FONT}" font-size="56" font-weight="800" fill="#ffffff">${escapeXml(ln)}</text>`,
      );
      y += 64;
    }
  }
  if (input.subtitle) {
    y += 4;
    for (const ln of wrapText(input.subtitle, 46, 2)) {
      parts.push(
        `<text x="80" y="${y}" font-family="${FONT}" font-size="24" fill="#ffffff" opacity=".88">${escapeXml(ln)}</text>`,
      );
      y += 34;
    }
  }
  if (input.cta) {
    const w = Math.round(input.cta.length * 12 + 56);
    parts.push(
      `<rect x="80" y="${y + 6}" width="${w}" height="50" rx="25" fill="#ffffff"/><text x="${80 + w / 2}" y="${y + 38}" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="${from}">${escapeXml(input.cta)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A small square category icon: the kind's silhouette on a rounded tile, no text. */
export function categoryIconSvg(kind: ArtworkKind, color: string): string {
  const p = palette(color);
  const [top, bottom] = backgroundColors(p);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="240" height="240" role="img" aria-label="${escapeXml(kind)}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    `<rect width="600" height="600" rx="150" fill="url(#bg)"/><circle cx="300" cy="300" r="230" fill="#ffffff" opacity=".55"/>`,
    `<g transform="translate(300 300) scale(.92) translate(-300 -236)">${silhouette(kind, p)}</g>`,
    '</svg>',
  ].join('');
}

export function renderArtwork(spec: ArtworkSpec): string {
  switch (spec.type) {
    case 'product':
      return productArtworkSvg(spec.input);
    case 'banner':
      return bannerSvg(spec.input);
    case 'category':
      return categoryIconSvg(spec.kind, spec.color);
  }
}

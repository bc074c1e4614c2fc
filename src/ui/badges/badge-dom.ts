// One badge as DOM, drawn from its lines (src/domain/badge-content.ts) at the label's size in
// millimetres, black on white: the same element is printed at the door and previewed in the
// organiser's editor. Plain DOM, no framework: a print job draws and measures it synchronously.
// Text fields read in their own direction (`dir="auto"`), so an Arabic name runs right to left;
// the font stack is the system's, which carries CJK and Arabic glyphs where the device has them.
import QRCode from 'qrcode';
import type { BadgeLine } from '../../domain/badge-content';
import type { LabelSize } from '../../domain/badge-layout';

/** CSS pixels in a millimetre: what the browser prints 1 mm as. */
export const PX_PER_MM = 96 / 25.4;

/** Wider than tall by this much: the QR code sits beside the text rather than under it. */
const WIDE = 1.2;

/** An SVG of the code's modules (one path, black on white, with a quiet zone of two). */
function qrSvg(code: string): SVGSVGElement {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const side = modules.size + quiet * 2;
  let d = '';
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('aria-hidden', 'true');
  const back = document.createElementNS(ns, 'rect');
  back.setAttribute('width', String(side));
  back.setAttribute('height', String(side));
  back.setAttribute('fill', '#fff');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(back, path);
  return svg;
}

function textLine(field: string, text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = `badge__line badge__${field}`;
  p.dataset.field = field;
  p.dir = 'auto';
  p.textContent = text;
  return p;
}

/**
 * A badge of `size`. Its fields keep the layout's order; in a wide label the QR code stands
 * beside the text, and the release band runs the whole width above or below it.
 */
export function drawBadge(lines: readonly BadgeLine[], size: LabelSize): HTMLElement {
  const badge = document.createElement('article');
  const wide = size.widthMm >= size.heightMm * WIDE;
  badge.className = `badge${wide ? ' badge--wide' : ''}`;
  badge.style.setProperty('--badge-w', `${size.widthMm}mm`);
  badge.style.setProperty('--badge-h', `${size.heightMm}mm`);
  badge.style.setProperty('--badge-pad', `${Math.min(size.widthMm, size.heightMm) * 0.06}mm`);
  const qrSide = wide
    ? Math.min(size.heightMm * 0.5, size.widthMm * 0.27)
    : Math.min(size.heightMm * 0.28, size.widthMm * 0.45);
  badge.style.setProperty('--badge-qr', `${qrSide}mm`);

  const text = document.createElement('div');
  text.className = 'badge__text';
  const before: HTMLElement[] = [];
  const after: HTMLElement[] = [];
  let qr: HTMLElement | null = null;
  let sawText = false;
  for (const line of lines) {
    if (line.field === 'qr') {
      qr = document.createElement('div');
      qr.className = 'badge__qr';
      qr.dataset.field = 'qr';
      qr.append(qrSvg(line.code));
      if (!wide) text.append(qr);
      continue;
    }
    const element = textLine(line.field, line.text);
    if (line.field === 'release') {
      element.style.setProperty('--band', line.shade);
      // Wide: the band spans the label, above the text when it comes first, else below.
      if (wide) (sawText ? after : before).push(element);
      else text.append(element);
      continue;
    }
    sawText = true;
    text.append(element);
  }
  if (!wide) {
    badge.append(text);
    return badge;
  }
  const body = document.createElement('div');
  body.className = 'badge__body';
  body.append(text);
  if (qr) body.append(qr);
  badge.append(...before, body, ...after);
  return badge;
}

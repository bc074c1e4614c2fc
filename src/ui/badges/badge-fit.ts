// Sizes a badge's text so nothing is cut: each field starts at its share of the label and shrinks
// until it fits its lines (a name at most two), and all of them shrink together until the whole
// column fits the label. A word is broken only when it cannot fit whole even at the smallest size
// (a 60-letter name with no space); Chinese and Japanese break between characters anyway.
// Measures with layout boxes that transforms do not change (client and scroll sizes), so a
// preview scaled down on screen fits exactly as the printed label does.

/** Each field's size against the first name's, and the lines it may take. */
const FIELDS: Record<string, { ratio: number; lines: number }> = {
  first: { ratio: 1, lines: 2 },
  last: { ratio: 0.72, lines: 2 },
  company: { ratio: 0.42, lines: 2 },
  job: { ratio: 0.38, lines: 2 },
  answer: { ratio: 0.4, lines: 2 },
  release: { ratio: 0.42, lines: 2 },
};

/** The smallest text printed, in CSS px (about 5 pt). */
const MIN_PX = 7;
/** The line height set in badge.css: measured lines are counted in it. */
const LINE_HEIGHT = 1.15;
const STEP = 0.92;
const ROUNDS = 40;
/** The QR code shrinks with the text, but never below this share of its size (it must still scan). */
const MIN_QR_SHARE = 0.6;

function fitsLines(el: HTMLElement, px: number, lines: number, padding: number): boolean {
  el.style.fontSize = `${px}px`;
  const height = el.scrollHeight - padding;
  return el.scrollWidth <= el.clientWidth + 0.5 && height <= px * LINE_HEIGHT * lines + 0.5;
}

/** The largest size up to `max` at which the line fits its lines; words kept whole if possible. */
function fitLine(el: HTMLElement, max: number): void {
  const { lines } = FIELDS[el.dataset.field ?? ''] ?? { lines: 2 };
  const style = getComputedStyle(el);
  const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
  for (const wrap of ['normal', 'anywhere']) {
    el.style.overflowWrap = wrap;
    let px = Math.max(max, MIN_PX);
    while (px > MIN_PX && !fitsLines(el, px, lines, padding)) px = Math.max(MIN_PX, px * STEP);
    if (fitsLines(el, px, lines, padding)) return;
  }
}

/** Whether a column's children, with its gaps, are taller than the column. */
function overflows(column: HTMLElement): boolean {
  const children = [...column.children] as HTMLElement[];
  const style = getComputedStyle(column);
  const gap = Number.parseFloat(style.rowGap) || 0;
  const room =
    column.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
  const used = children.reduce((sum, child) => {
    const margins =
      Number.parseFloat(getComputedStyle(child).marginTop) +
      Number.parseFloat(getComputedStyle(child).marginBottom);
    return sum + child.offsetHeight + margins;
  }, 0);
  return used + gap * Math.max(0, children.length - 1) > room + 0.5;
}

export function fitBadge(badge: HTMLElement): void {
  const text = badge.querySelector<HTMLElement>('.badge__text');
  const lines = [...badge.querySelectorAll<HTMLElement>('.badge__line')];
  const qr = badge.querySelector<HTMLElement>('.badge__qr');
  if (!text) return;
  const base = Math.min(badge.clientHeight * 0.2, text.clientWidth * 0.24);
  const qrSide = qr ? qr.offsetWidth : 0;
  let scale = 1;
  for (let round = 0; round < ROUNDS; round++) {
    if (qr) qr.style.width = qr.style.height = `${qrSide * Math.max(scale, MIN_QR_SHARE)}px`;
    for (const line of lines) fitLine(line, base * (FIELDS[line.dataset.field ?? '']?.ratio ?? 0.4) * scale);
    if (!overflows(text) && !overflows(badge)) return;
    scale *= STEP;
  }
}

// Prints badges through the browser: the badges are drawn into #badge-print (hidden on screen),
// sized to fit (badge-fit.ts), and the page's print is asked for with an @page rule of the
// label's size and no margins. This is the door's lazy badge chunk: the door route loads it only
// when badges are on and the list has a layout, and then before the first admission, so printing
// needs no network. One call, one print: "Admit all" prints its badges as pages of one job.
import { type BadgeAnswer, type BadgeTicket, badgeLines } from '../../domain/badge-content';
import type { BadgeLayout, LabelSize } from '../../domain/badge-layout';
import { drawBadge } from './badge-dom';
import { fitBadge } from './badge-fit';
import './badge.css';

const ROOT_ID = 'badge-print';
const PAGE_STYLE_ID = 'badge-page';
const PRINTING = 'badge-printing';

function root(): HTMLElement {
  let element = document.getElementById(ROOT_ID);
  if (!element) {
    element = document.createElement('div');
    element.id = ROOT_ID;
    // What a printed label says is read from the page itself, not announced on screen.
    element.setAttribute('aria-hidden', 'true');
    document.body.append(element);
  }
  return element;
}

function pageRule(size: LabelSize): void {
  let style = document.getElementById(PAGE_STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.append(style);
  }
  // Only while badges print: the door kit and other pages keep the printer's own paper.
  style.media = 'print';
  style.textContent = `@page { size: ${size.widthMm}mm ${size.heightMm}mm; margin: 0; }`;
}

function done(): void {
  document.documentElement.classList.remove(PRINTING);
  document.getElementById(PAGE_STYLE_ID)?.remove();
}

/** Draws the badges into the print root, each fitted; answers the elements drawn. */
function drawForPrint(
  layout: BadgeLayout,
  badges: readonly { ticket: BadgeTicket; answers: readonly BadgeAnswer[] }[],
): HTMLElement[] {
  const into = root();
  const drawn = badges.map(({ ticket, answers }) =>
    drawBadge(badgeLines(layout, ticket, answers), layout.size),
  );
  into.replaceChildren(...drawn);
  for (const badge of drawn) fitBadge(badge);
  return drawn;
}

/**
 * Prints one badge a page. Browsers whose print() returns before printing (Safari) keep the
 * badges until `afterprint`; the next job replaces them in any case.
 */
export async function printBadges(
  layout: BadgeLayout,
  badges: readonly { ticket: BadgeTicket; answers: readonly BadgeAnswer[] }[],
): Promise<number> {
  if (badges.length === 0) return 0;
  // Fonts first: a name measured in a fallback font would be fitted for the wrong glyphs.
  await document.fonts?.ready;
  drawForPrint(layout, badges);
  pageRule(layout.size);
  document.documentElement.classList.add(PRINTING);
  window.addEventListener('afterprint', done, { once: true });
  window.print();
  return badges.length;
}

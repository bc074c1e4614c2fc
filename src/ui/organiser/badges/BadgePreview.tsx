// Badges drawn exactly as the door prints them (badge-dom.ts, fitted by badge-fit.ts), shown
// scaled down to fit the screen; the fit is measured before the scale, at print size.
import { useEffect, useRef } from 'react';
import type { BadgeLine } from '../../../domain/badge-content';
import type { LabelSize } from '../../../domain/badge-layout';
import { drawBadge, PX_PER_MM } from '../../badges/badge-dom';
import { fitBadge } from '../../badges/badge-fit';
import '../../badges/badge.css';

/** The widest a preview shows on screen, in CSS px. */
const SHOWN_WIDTH = 300;

export function BadgePreview({
  lines,
  size,
  caption,
}: {
  lines: BadgeLine[];
  size: LabelSize;
  caption: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const scale = Math.min(1, SHOWN_WIDTH / (size.widthMm * PX_PER_MM));
  // Drawn again only when what it shows changes: the editor builds new lines on every render (a
  // keystroke), and a drawing makes QR codes and measures the fit many times over.
  const shown = JSON.stringify({ lines, size });
  useEffect(() => {
    const into = holder.current;
    if (!into) return;
    const drawn = JSON.parse(shown) as { lines: BadgeLine[]; size: LabelSize };
    const badge = drawBadge(drawn.lines, drawn.size);
    into.replaceChildren(badge);
    fitBadge(badge);
  }, [shown]);
  return (
    <figure className="badge-preview" data-testid="badge-preview">
      <div
        className="badge-preview__frame"
        style={{ width: size.widthMm * PX_PER_MM * scale, height: size.heightMm * PX_PER_MM * scale }}
      >
        <div ref={holder} className="badge-preview__label" style={{ transform: `scale(${scale})` }} />
      </div>
      <figcaption className="muted">{caption}</figcaption>
    </figure>
  );
}

import { useEffect, useRef } from 'react';
import { parseScannedCode } from '../../domain/scan-code';
import { createWedgeDetector, type WedgeRead } from '../../scanner/wedge-detector';
import { appStore } from '../../state/app-store';
import { noteScannerRead } from '../../state/readiness';

const NOT_TYPED_INTO = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  return (
    (target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type)) ||
    target instanceof HTMLTextAreaElement
  );
}

/** Where a person's keys go somewhere of their own: a text field, or a PIN pad over the page. */
function personTypesAt(target: EventTarget | null): boolean {
  if (isTextField(target) || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

const recognise = (text: string) => parseScannedCode(text).kind !== 'not-a-ticket';

const NOTE_AFTER_VERDICT_MS = 1000;

/**
 * Listens for a keyboard-wedge scanner on the whole page, whatever has focus, and hands each
 * read over: a code to judge, or a read that came split (scan again). When a read lands in a
 * text field (search, say), its characters are taken back out of the field.
 */
export function useWedgeScanner(onRead: (read: WedgeRead) => void, enabled = true): void {
  const handler = useRef(onRead);
  handler.current = onRead;
  useEffect(() => {
    if (!enabled) return;
    const detector = createWedgeDetector({ recognise });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const read = detector.key({
        key: event.key,
        typedAt: event.timeStamp,
        handledAt: performance.now(),
        intoField: personTypesAt(event.target),
      });
      if (read === null) return;
      event.preventDefault();
      event.stopPropagation();
      const field = event.target;
      if (isTextField(field) && field.value.endsWith(read.text)) {
        const value = field.value.slice(0, field.value.length - read.text.length);
        // Goes through React's value tracker so controlled inputs see the change.
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
        setter?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      handler.current(read);
      // A code read whole: a hardware scanner works at this door (its readiness). Noted a
      // moment later, so the readiness sign changes after the verdict is drawn, not before; and
      // only until it is noted, not by a timer of every scan's that lands in a later scan.
      if (read.kind === 'code' && appStore.getState().readiness.signals.scannerSeenAt === null) {
        const at = Date.now();
        window.setTimeout(() => noteScannerRead(appStore, at), NOTE_AFTER_VERDICT_MS);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled]);
}

import { useEffect, useRef } from 'react';
import { createWedgeDetector } from '../../scanner/wedge-detector';

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/**
 * Listens for a keyboard-wedge scanner on the whole page, whatever has focus. When a burst
 * lands in a text field (search, say), its characters are taken back out of the field.
 */
export function useWedgeScanner(onCode: (code: string) => void, enabled = true): void {
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    const detector = createWedgeDetector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const code = detector.key(event.key, event.timeStamp);
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      const field = event.target;
      if (isTextField(field) && field.value.endsWith(code)) {
        const value = field.value.slice(0, field.value.length - code.length);
        // Goes through React's value tracker so controlled inputs see the change.
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
        setter?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      handler.current(code);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled]);
}

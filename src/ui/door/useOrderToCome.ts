import { useEffect, useRef } from 'react';
import type { DoorEngine } from '../hooks/useDoor';
import { afterPaint } from '../shared/after-paint';
import type { ShownVerdict } from './auto-return';
import type { ScanFlowEvent } from './scan-flow';

/**
 * A verdict judged from a keyed read (a restarted door, its list still loading) went out without
 * its order (sync/scan/order-later.ts): asked for once the verdict is painted, so its frame does
 * not wait for it, and given to the verdict it was asked for. Until it comes the verdict does not
 * return by itself (auto-return.ts), as one whose order has tickets to let in; an order that
 * cannot be read leaves the verdict as it stands, and returning by itself.
 */
export function useOrderToCome(
  shown: ShownVerdict | null,
  engine: DoorEngine,
  send: (event: ScanFlowEvent) => void,
): void {
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!shown?.orderToCome || !('ticket' in shown.verdict)) return;
    const { at } = shown;
    const ticketId = shown.verdict.ticket.id;
    return afterPaint(() => {
      if (asked.current === at) return;
      asked.current = at;
      void engine.orderAround(ticketId).then(
        (order) => send({ type: 'order-came', at, order }),
        () => send({ type: 'order-came', at, order: null }),
      );
    });
  }, [shown, engine, send]);
}

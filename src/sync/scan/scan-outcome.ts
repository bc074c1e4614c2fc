// What a scan comes to: the verdict, what it recorded, what it stands on, and the order around it.
import type { CheckinRow } from '../../db/rows';
import type { DoorOrder } from '../../domain/order';
import type { Verdict } from '../../domain/verdict';
import type { ScanBasis } from './confirm-online';

export interface ScanOutcome {
  verdict: Verdict;
  /** The check-in recorded for an admitted scan, else null. */
  checkin: CheckinRow | null;
  basis: ScanBasis;
  /** The order's other tickets (all of them for a registration reference), when it has several. */
  order: DoorOrder | null;
}

// What a scan comes to: the verdict, what it recorded, what it stands on, and the order around it.
import type { CheckinRow } from '../../db/rows';
import type { DoorOrder } from '../../domain/order';
import type { Verdict } from '../../domain/verdict';
import type { TicketAnswer } from '../open-list/ticket-answers';
import type { ScanBasis } from './confirm-online';

export interface ScanOutcome {
  verdict: Verdict;
  /** The check-in recorded for an admitted scan, else null. */
  checkin: CheckinRow | null;
  basis: ScanBasis;
  /** The order's other tickets (all of them for a registration reference), when it has several. */
  order: DoorOrder | null;
  /**
   * The ticket was judged from a keyed read while its list loads, which read it and its
   * check-ins but not its order: `order` is null, and the order is for asking once the verdict
   * shows (order-later.ts). Absent: `order` is the whole answer.
   */
  orderToCome?: true;
  /**
   * The ticket's answers to the list's questions, when the door had them at hand as the verdict
   * went out (they are read once a list, ticket-answers.ts): the screen does not ask for them,
   * and draws them with the order's rows in the frame after the verdict's own. Absent: the screen
   * asks for them once the verdict shows.
   */
  answers?: TicketAnswer[];
}

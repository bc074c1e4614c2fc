// What one committed transaction changed: the final state of each touched record (null when
// deleted). Puts of whole records make replay idempotent: applying a change twice is harmless.
import type { Row } from './tables';

export interface RecordChange {
  table: string;
  id: number;
  row: Row | null;
}

export interface CommittedChange {
  changes: RecordChange[];
  /** Next id per touched table, so replay never hands out an id twice. */
  sequences: Record<string, number>;
}

/** Everything the store holds, as plain JSON. */
export interface StoreState {
  tables: Record<string, Row[]>;
  sequences: Record<string, number>;
  /** What the data was seeded from, so a restart with another seed can tell. */
  seed?: string | undefined;
}

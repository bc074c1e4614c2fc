// Every plain field of a record, read only: derived fields (state, counts, sold out) included.
// Amounts carry the event's currency and timestamps read on the event's clock.
import type { AdminRecord } from '../../api/admin-client';
import { formatMoney } from './event-format';
import { useEventFormat } from './event-format-context';
import { text } from './format';

const HIDDEN = new Set(['_type', 'translations', 'metadata', 'security_token']);

/** Decimal fields that are amounts of money (documents 1 and 2). */
const MONEY = new Set([
  'price',
  'price_ex_tax',
  'display_price',
  'gross_income',
  'net_income',
  'total',
  'total_less_tax',
  'amount',
  'min_donation',
  'max_donation',
  'suggested_donation',
]);

export function RecordFacts({ record }: { record: AdminRecord }) {
  const format = useEventFormat();
  const entries = Object.entries(record).filter(
    ([key, value]) => !HIDDEN.has(key) && (typeof value !== 'object' || value === null || isIdList(value)),
  );
  return (
    <dl className="org-facts">
      {entries.map(([key, value]) => (
        <div key={key} className="org-fact">
          <dt>{key.replace(/_/g, ' ')}</dt>
          <dd data-fact={key}>{isMoney(record, key) ? formatMoney(value, format) : text(value, format)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A discount code's `value` is an amount only for money-off codes; otherwise a percentage. */
function isMoney(record: AdminRecord, key: string): boolean {
  if (key === 'value') return record.type === 'MoneyOffDiscountCode';
  return MONEY.has(key);
}

function isIdList(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v !== 'object');
}

// A registration's tickets, line items, receipts and refunds (embedded in 3.0, expanded in 3.1).
import { tl } from '../i18n/t';
import type { AdminRecord } from '../../api/admin-client';
import { scopedHref, useEventScope } from './event-scope';
import { type Column, col, money, wrapping } from './columns';
import { pick, text } from './format';
import { RecordTable } from './RecordTable';

const PARTS: { key: string; title: string; empty: string; columns: Column[] }[] = [
  {
    key: 'tickets',
    title: 'Tickets',
    empty: 'No tickets.',
    columns: [
      col('Reference', 'reference'),
      wrapping({
        label: 'Name',
        value: (r) => text(pick(r, 'name') ?? [r.first_name, r.last_name].filter(Boolean).join(' ')),
      }),
      wrapping(col('Release', 'release_title', 'release', 'release_slug')),
      col('State', 'state'),
    ],
  },
  {
    key: 'line_items',
    title: 'Line items',
    empty: 'No line items.',
    columns: [
      col('Release', 'title', 'release_title', 'release_id'),
      { ...col('Quantity', 'quantity'), numeric: true },
      money('Price', 'price'),
      money('Total', 'total'),
    ],
  },
  {
    key: 'receipts',
    title: 'Receipts',
    empty: 'No receipts.',
    columns: [
      col('Number', 'number', 'id'),
      money('Total', 'total'),
      col('Paid', 'paid'),
      col('Created', 'created_at'),
    ],
  },
  {
    key: 'refunds',
    title: 'Refunds',
    empty: 'No refunds.',
    columns: [money('Amount', 'amount'), col('Manual', 'manual'), col('Created', 'created_at')],
  },
];

export function RegistrationExtras({ record }: { record: AdminRecord }) {
  const scope = useEventScope();
  return (
    <>
      {PARTS.map((part) => {
        const items = Array.isArray(record[part.key]) ? (record[part.key] as AdminRecord[]) : [];
        return (
          <section key={part.key} className="org-subsection" aria-label={tl(part.title)}>
            <h3>{tl(part.title)}</h3>
            {items.length === 0 ? (
              <p className="org-empty">{tl(part.empty)}</p>
            ) : (
              <RecordTable
                caption={tl(part.title)}
                columns={part.columns}
                records={items}
                href={
                  part.key === 'tickets' && scope
                    ? (r) => scopedHref(scope, 'tickets', String(r.slug ?? r.id))
                    : undefined
                }
              />
            )}
          </section>
        );
      })}
    </>
  );
}

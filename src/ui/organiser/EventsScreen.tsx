// An account's events: upcoming, past or archived, one page at a time.
import { t, tl } from '../i18n/t';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { FailureNotice } from './FailureNotice';
import { pick, text } from './format';
import { useAdminData } from './hooks/useAdminData';
import { Pager } from './Pager';
import { RecordTable } from './RecordTable';
import type { Column } from './columns';

const TABS = [
  { key: 'upcoming', label: t('orgUpcoming'), path: 'events' },
  { key: 'past', label: t('orgPast'), path: 'events/past' },
  { key: 'archived', label: t('orgArchived'), path: 'events/archived' },
] as const;

const COLUMNS: Column[] = [
  { label: 'Title', value: (r) => text(r.title) },
  { label: 'Dates', value: (r) => text(pick(r, 'date_or_range', 'start_date')) },
  { label: 'Location', value: (r) => text(r.location) },
  { label: 'Live', value: (r) => text(r.live) },
  { label: 'Test mode', value: (r) => (r.test_mode ? tl('Test') : '—') },
];

export function EventsScreen({ account }: { account: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('upcoming');
  const [page, setPage] = useState(1);
  const path = TABS.find((t) => t.key === tab)?.path ?? 'events';
  const data = useAdminData(
    (client) => client.list(`${encodeURIComponent(account)}/${path}`, 'events', { page, pageSize: 50 }),
    JSON.stringify([account, path, page]),
  );
  const records: AdminRecord[] = data.value?.records ?? [];
  return (
    <section className="panel org-section" aria-labelledby="events-title">
      <div className="org-heading">
        <h2 id="events-title">{t('orgEventsOf', { account })}</h2>
        <Link href={`/accounts/${encodeURIComponent(account)}/new`} className="button button--primary">
          {t('orgNewEvent')}
        </Link>
      </div>
      <nav className="org-tabs" aria-label={t('orgEventsTabs')}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            className={`button${t.key === tab ? ' button--primary' : ''}`}
            aria-pressed={t.key === tab}
            onClick={() => {
              setTab(t.key);
              setPage(1);
            }}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
      {data.loading && !data.value ? <p className="muted">{t('orgLoading')}</p> : null}
      {data.value && records.length === 0 ? (
        <p className="org-empty">{t('orgNoEvents', { which: tab })}</p>
      ) : null}
      {records.length > 0 ? (
        <RecordTable
          caption="Events"
          columns={COLUMNS}
          records={records}
          href={(r) =>
            `/events/${encodeURIComponent(String(r.account_slug ?? account))}/${encodeURIComponent(String(r.slug))}`
          }
        />
      ) : null}
      {data.value ? <Pager meta={data.value.meta} onPage={setPage} /> : null}
    </section>
  );
}

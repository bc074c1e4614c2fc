// An event as its organiser reads it: when and where, on sale or not and why, what each release
// sold and took, registrations by state and each door's progress. Every field the service sends
// stays one click away, folded under "All fields".
import { translated } from './translated';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { t, tl } from '../i18n/t';
import { ConfirmDelete } from './ConfirmDelete';
import { EventDuplicate } from './EventDuplicate';
import { EVENT_FIELDS } from './event-fields';
import type { EventFormat } from './event-format';
import { formatEventDates } from './event-format';
import { useEventFormat } from './event-format-context';
import { scopedPath } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { useSubmit } from './hooks/useSubmit';
import { CheckinProgress, RegistrationStates, ReleaseSales } from './OverviewSections';
import { collect, countRegistrations } from './overview-data';
import { RecordFacts } from './RecordFacts';
import { ResourceForm } from './ResourceForm';

/** Counts move while doors scan and buyers buy; a glance every 30 s is enough for this page. */
const REFRESH_MS = 30_000;

interface Props {
  record: AdminRecord;
  account: string;
  reload(): void;
}

export function EventOverview({ record, account, reload }: Props) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const write = useSubmit();
  const format = useEventFormat();
  const scope = { account, event: String(record.slug) };
  const key = `${account}/${String(record.slug)}`;
  const releases = useAdminData((c) => collect(c, scopedPath(scope, 'releases'), 'releases'), key);
  const registrations = useAdminData((c) => countRegistrations(c, scopedPath(scope, 'registrations')), key);
  const lists = useAdminData((c) => collect(c, scopedPath(scope, 'checkin_lists'), 'checkin_lists'), key);
  const refresh = () => {
    reload();
    releases.reload();
    registrations.reload();
    lists.reload();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reloads are stable; `key` restarts the timer.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [key]);

  const save = async (attributes: AdminRecord) => {
    const saved = await write.run((c) => c.update(scopedPath(scope), 'event', attributes));
    if (!saved) return;
    setEditing(false);
    if (saved.slug && saved.slug !== record.slug)
      navigate(`/events/${encodeURIComponent(account)}/${encodeURIComponent(String(saved.slug))}`);
    else refresh();
  };
  const remove = async () => {
    const done = await write.run((c) => c.remove(scopedPath(scope)));
    if (done !== undefined) navigate(`/accounts/${encodeURIComponent(account)}`);
  };
  return (
    <section className="panel org-section org-overview" aria-labelledby="event-title">
      <div className="org-heading">
        <h2 id="event-title">
          {String(translated(record, 'title'))}{' '}
          {record.test_mode ? <span className="pill org-test">{tl('Test')}</span> : null}
        </h2>
        <div className="org-actions">
          <button type="button" className="button" onClick={refresh}>
            {t('ovRefresh')}
          </button>
          {!editing ? (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {t('orgEdit')}
            </button>
          ) : null}
          <EventDuplicate scope={scope} />
          <ConfirmDelete what={String(record.title)} busy={write.busy} onConfirm={remove} />
        </div>
      </div>
      {write.failure && !editing ? <FailureNotice failure={write.failure} /> : null}
      {editing ? (
        <ResourceForm
          fields={EVENT_FIELDS}
          record={record}
          submitLabel={t('orgSaveChanges')}
          busy={write.busy}
          failure={write.failure}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <WhenAndWhere record={record} format={format} />
      <ReleaseSales event={record} data={releases} format={format} />
      <RegistrationStates data={registrations} />
      <CheckinProgress data={lists} />
      <details className="org-details">
        <summary>{t('orgAllFields')}</summary>
        <RecordFacts record={record} />
      </details>
    </section>
  );
}

function WhenAndWhere({ record, format }: { record: AdminRecord; format: EventFormat | null }) {
  const dates = formatEventDates(record, format);
  const happening = record.happening_in;
  const place = translated(record, 'location');
  const location = typeof place === 'string' && place.trim() ? place : null;
  return (
    <div className="ov-facts">
      <div className="ov-card" data-testid="overview-when">
        <h3>{t('ovWhen')}</h3>
        <p className="ov-big">{dates ?? t('ovNoDate')}</p>
        {happening === 'past' || happening === 'now' || happening === 'future' ? (
          <p>{t(`ovHappening_${happening}`)}</p>
        ) : null}
        <p className="muted" data-testid="overview-zone">
          {zoneWords(format)}
        </p>
      </div>
      <div className="ov-card" data-testid="overview-where">
        <h3>{t('ovWhere')}</h3>
        <p className="ov-big">{location ?? t('ovNoPlace')}</p>
        {record.live === true || record.live === false ? (
          <p>{record.live ? t('ovLive') : t('ovNotLiveShort')}</p>
        ) : null}
        <p className="muted" data-testid="overview-currency">
          {format?.currency ? t('ovAmountsIn', { currency: format.currency }) : t('ovNoCurrency')}
        </p>
      </div>
    </div>
  );
}

function zoneWords(format: EventFormat | null): string {
  if (!format || format.zoneSource === 'default') return t('ovTimesInDefault');
  if (format.zoneSource === 'offset') return t('ovTimesInOffset', { zone: format.zoneLabel });
  return t('ovTimesIn', { zone: format.zoneLabel });
}

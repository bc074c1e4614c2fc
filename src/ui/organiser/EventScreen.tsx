// One event: its resources as sections, its facts, edit, duplicate and delete.
import { t } from '../i18n/t';
import { useMemo, useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { ConfirmDelete } from './ConfirmDelete';
import { EVENT_FIELDS } from './event-fields';
import { EventDuplicate } from './EventDuplicate';
import { EventScopeContext, scopedPath } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { useSubmit } from './hooks/useSubmit';
import { RecordFacts } from './RecordFacts';
import { RegistrationNew } from './RegistrationNew';
import { RESOURCES, resourceByKey } from './resource-list';
import { ResourceDetail } from './ResourceDetail';
import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';
import { ResourceNew } from './ResourceNew';

export function EventScreen({ account, event }: { account: string; event: string }) {
  const scope = useMemo(() => ({ account, event }), [account, event]);
  const [location] = useLocation();
  const data = useAdminData((client) => client.get(scopedPath(scope), 'event'), `${account}/${event}`);
  const base = `/events/${encodeURIComponent(account)}/${encodeURIComponent(event)}`;
  const current = location.slice(base.length).split('/')[1] ?? '';
  return (
    <EventScopeContext.Provider value={scope}>
      <div className="org-event">
        <nav className="org-sidenav" aria-label="Event sections">
          <Link href={base} aria-current={current === '' ? 'page' : undefined}>
            {data.value ? String(data.value.title) : event}
          </Link>
          {RESOURCES.map((def) => (
            <Link
              key={def.key}
              href={`${base}/${def.key}`}
              aria-current={current === def.key ? 'page' : undefined}
            >
              {def.title}
            </Link>
          ))}
        </nav>
        <div className="org-event__body">
          {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
          <Switch>
            <Route path={`${base}/registrations/new`}>
              <RegistrationNew />
            </Route>
            <Route path={`${base}/:resource/new`}>
              {(p) => <Known k={p.resource}>{(def) => <ResourceNew def={def} />}</Known>}
            </Route>
            <Route path={`${base}/:resource/:id`}>
              {(p) => (
                <Known k={p.resource}>{(def) => <ResourceDetail key={p.id} def={def} id={p.id} />}</Known>
              )}
            </Route>
            <Route path={`${base}/:resource`}>
              {(p) => <Known k={p.resource}>{(def) => <ResourceList key={def.key} def={def} />}</Known>}
            </Route>
            <Route>
              {data.value ? (
                <EventOverview record={data.value} account={account} reload={data.reload} />
              ) : null}
            </Route>
          </Switch>
        </div>
      </div>
    </EventScopeContext.Provider>
  );
}

function Known({
  k,
  children,
}: {
  k: string;
  children: (def: NonNullable<ReturnType<typeof resourceByKey>>) => React.ReactNode;
}) {
  const def = resourceByKey(k);
  return def ? children(def) : <p className="org-empty">{t('orgNoSection', { name: k })}</p>;
}

function EventOverview({
  record,
  account,
  reload,
}: {
  record: AdminRecord;
  account: string;
  reload(): void;
}) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const write = useSubmit();
  const scope = { account, event: String(record.slug) };
  const save = async (attributes: AdminRecord) => {
    const saved = await write.run((c) => c.update(scopedPath(scope), 'event', attributes));
    if (!saved) return;
    setEditing(false);
    if (saved.slug && saved.slug !== record.slug)
      navigate(`/events/${encodeURIComponent(account)}/${encodeURIComponent(String(saved.slug))}`);
    else reload();
  };
  const remove = async () => {
    const done = await write.run((c) => c.remove(scopedPath(scope)));
    if (done !== undefined) navigate(`/accounts/${encodeURIComponent(account)}`);
  };
  return (
    <section className="panel org-section" aria-labelledby="event-title">
      <div className="org-heading">
        <h2 id="event-title">
          {String(record.title)} {record.test_mode ? <span className="pill org-test">Test</span> : null}
        </h2>
        <div className="org-actions">
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
      <RecordFacts record={record} />
    </section>
  );
}

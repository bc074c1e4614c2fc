// One event: its overview and its resources as sections, all on the event's currency and clock.
import { formattingLocale } from '../i18n/i18n';
import { t, tl } from '../i18n/t';
import { Fragment, useMemo } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { eventFormat } from './event-format';
import { EventFormatContext } from './event-format-context';
import { DevicesScreen } from './devices/DevicesScreen';
import { EventOverview } from './EventOverview';
import { EventScopeContext, scopedPath } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { RegistrationNew } from './RegistrationNew';
import { RESOURCES, resourceByKey } from './resource-list';
import { ResourceDetail } from './ResourceDetail';
import { ResourceList } from './ResourceList';
import { ResourceNew } from './ResourceNew';

export function EventScreen({ account, event }: { account: string; event: string }) {
  const scope = useMemo(() => ({ account, event }), [account, event]);
  const [location] = useLocation();
  const data = useAdminData((client) => client.get(scopedPath(scope), 'event'), `${account}/${event}`);
  const base = `/events/${encodeURIComponent(account)}/${encodeURIComponent(event)}`;
  const current = location.slice(base.length).split('/')[1] ?? '';
  // In the screens' language (its regional variant where the device prefers one); a new
  // language re-renders the screens from the top (LocaleScope), so this memo follows it.
  const format = useMemo(
    () => (data.value ? eventFormat(data.value, formattingLocale()) : null),
    [data.value],
  );
  return (
    <EventScopeContext.Provider value={scope}>
      <EventFormatContext.Provider value={format}>
        <div className="org-event">
          <nav className="org-sidenav" aria-label={t('orgEventSections')}>
            <Link href={base} aria-current={current === '' ? 'page' : undefined}>
              {data.value ? String(data.value.title) : event}
            </Link>
            {RESOURCES.map((def) => (
              <Fragment key={def.key}>
                <Link href={`${base}/${def.key}`} aria-current={current === def.key ? 'page' : undefined}>
                  {tl(def.title)}
                </Link>
                {/* The doors that check a list's tickets, next to the lists. */}
                {def.key === 'checkin_lists' ? (
                  <Link href={`${base}/devices`} aria-current={current === 'devices' ? 'page' : undefined}>
                    {t('devTitle')}
                  </Link>
                ) : null}
              </Fragment>
            ))}
          </nav>
          <div className="org-event__body">
            {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
            <Switch>
              <Route path={`${base}/devices`}>
                <DevicesScreen />
              </Route>
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
      </EventFormatContext.Provider>
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

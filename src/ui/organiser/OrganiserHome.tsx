// The organiser's part of the app, nested under /organiser: connection, an account's events,
// and each event's resources. Data comes only through src/api/admin-client.
import { Link, Redirect, Route, Switch } from 'wouter';
import { t } from '../i18n/t';
import { ArrivalsScreen } from './arrivals/ArrivalsScreen';
import { DoorKitScreen } from './arrivals/DoorKitScreen';
import { BadgeEditorScreen } from './badges/BadgeEditorScreen';
import { ConnectionScreen } from './ConnectionScreen';
import { useConnection } from './connection';
import { EventNew } from './EventNew';
import { EventScreen } from './EventScreen';
import { EventsScreen } from './EventsScreen';
import { FailureNotice } from './FailureNotice';
import { useHello } from './hooks/useHello';
import { ModeMarker } from './ModeMarker';
import { SignInScreen } from './SignInScreen';
import './organiser.css';

export function OrganiserHome() {
  return (
    <div className="org">
      <div className="org-top">
        <h1 id="organiser-title" className="org-title">
          <Link href="/">{t('organiserTitle')}</Link>
        </h1>
        <ModeMarker />
      </div>
      <Switch>
        <Route path="/connection" component={ConnectionScreen} />
        <Route path="/sign-in" component={SignInScreen} />
        <Route path="/accounts/:account/new">{(p) => <EventNew account={p.account} />}</Route>
        <Route path="/accounts/:account">{(p) => <EventsScreen key={p.account} account={p.account} />}</Route>
        <Route path="/events/:account/:event/checkin_lists/:id/arrivals">
          {(p) => <ArrivalsScreen key={p.id} account={p.account} event={p.event} id={p.id} />}
        </Route>
        <Route path="/events/:account/:event/checkin_lists/:id/badges">
          {(p) => <BadgeEditorScreen key={p.id} account={p.account} event={p.event} id={p.id} />}
        </Route>
        <Route path="/events/:account/:event/checkin_lists/:id/door-kit">
          {(p) => <DoorKitScreen key={p.id} account={p.account} event={p.event} id={p.id} />}
        </Route>
        <Route path="/events/:account/:event">
          {(p) => <EventScreen key={`${p.account}/${p.event}`} account={p.account} event={p.event} />}
        </Route>
        <Route path="/events/:account/:event/*">
          {(p) => <EventScreen key={`${p.account}/${p.event}`} account={p.account} event={p.event} />}
        </Route>
        <Route>
          <Start />
        </Route>
      </Switch>
    </div>
  );
}

/** Not connected: the connection screen. One account: its events. Several: pick one. */
function Start() {
  const connection = useConnection();
  const hello = useHello();
  if (!connection.token) return <ConnectionScreen />;
  if (hello.failure) return <FailureNotice failure={hello.failure} onRetry={hello.reload} />;
  if (!hello.value) return <p className="muted">{t('orgConnecting')}</p>;
  const accounts = hello.value.accounts;
  if (accounts.length === 1 && accounts[0])
    return <Redirect to={`/accounts/${encodeURIComponent(accounts[0])}`} replace />;
  return (
    <section className="panel org-section" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('orgAccounts')}</h2>
      {accounts.length === 0 ? <p className="org-empty">{t('orgNoAccounts')}</p> : null}
      <ul>
        {accounts.map((account) => (
          <li key={account}>
            <Link href={`/accounts/${encodeURIComponent(account)}`}>{account}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

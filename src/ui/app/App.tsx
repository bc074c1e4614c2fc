import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useAppStore } from '../../state/use-app-store';
import { kioskLocale, staffLocale } from '../i18n/chosen-locale';
import { includeArea } from '../i18n/i18n';
import { LocaleScope } from '../i18n/LocaleScope';
import { ConflictsScreen } from '../door/ConflictsScreen';
import { DoorHome } from '../door/DoorHome';
import { JoinFromAddress } from '../door/JoinFromAddress';
import { IdentifyOverlay } from '../door/IdentifyOverlay';
import { JoinScreen } from '../door/JoinScreen';
import { takeJoinLink } from '../door/join-link';
import { KioskScreen } from '../door/KioskScreen';
import { ListsScreen } from '../door/ListsScreen';
import { ProblemsScreen } from '../door/ProblemsScreen';
import { SearchScreen } from '../door/SearchScreen';
import { StatsScreen } from '../door/StatsScreen';
import { AuditScreen } from '../door/AuditScreen';
import { SealedDoor } from '../door/SealedDoor';
import { SupervisorOnly } from '../door/SupervisorGate';
import { TicketScreen } from '../door/TicketScreen';
import { DoorRuntimeContext } from '../hooks/useDoor';
import { SettingsScreen } from '../settings/SettingsScreen';
import { ErasedElsewhere } from './ErasedElsewhere';
import { Layout } from './Layout';
import { doorRuntime } from './door-runtime';
import { NotFound } from './NotFound';
import '../door/door.css';

// Organisers work on laptops with a network: their screens load on first visit, keeping the
// door app (what a phone at the door loads) small.
// Their messages come with them, in the active language.
const OrganiserHome = lazy(() =>
  Promise.all([import('../organiser/OrganiserHome'), includeArea('organiser')]).then(([m]) => ({
    default: m.OrganiserHome,
  })),
);

/** `/door/join`: joining another list, or the door kit's link (its code in the fragment). */
function JoinAnother() {
  const [, navigate] = useLocation();
  const [link] = useState(takeJoinLink);
  return <JoinScreen link={link} onJoined={() => navigate('/')} />;
}

export function App({ onUpdate }: { onUpdate(): void }) {
  const theme = useAppStore((s) => s.settings.theme);
  const staff = useAppStore((s) => staffLocale(s.settings));
  const kiosk = useAppStore((s) => kioskLocale(s.settings));
  const erased = useAppStore((s) => s.shell.erasedElsewhere);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0b0f14' : '#f7f8fa');
  }, [theme]);
  // In the language already active, outside a LocaleScope: one mounted now would keep its
  // language's chunks offline, making a cache while the other tab counts what is left.
  if (erased) return <ErasedElsewhere />;
  return (
    // The door's runtime (its engine in a worker) reaches every screen through this context.
    <DoorRuntimeContext.Provider value={doorRuntime}>
      <Switch>
        {/* The kiosk stands alone: no navigation to wander off through. */}
        <Route path="/door/kiosk">
          <LocaleScope locale={kiosk}>
            <SealedDoor kiosk>
              <KioskScreen />
            </SealedDoor>
            <IdentifyOverlay />
          </LocaleScope>
        </Route>
        <Route>
          <LocaleScope locale={staff}>
            <Layout onUpdate={onUpdate}>
              {/* The door's screens wait on its seal; the organiser's and settings do not. */}
              <SealedDoor>
                <Switch>
                  <Route path="/" component={DoorHome} />
                  <Route path="/checkin_lists/:slug">
                    {(params) => <JoinFromAddress slug={params.slug} />}
                  </Route>
                  <Route path="/door/join" component={JoinAnother} />
                  <Route path="/door/search" component={SearchScreen} />
                  <Route path="/door/tickets/:id">
                    {(params) => <TicketScreen key={params.id} id={Number(params.id)} />}
                  </Route>
                  <Route path="/door/stats" component={StatsScreen} />
                  <Route path="/door/conflicts" component={ConflictsScreen} />
                  <Route path="/door/problems" component={ProblemsScreen} />
                  <Route path="/door/lists" component={ListsScreen} />
                  <Route path="/organiser" nest>
                    <Suspense fallback={<p className="muted">…</p>}>
                      <OrganiserHome />
                    </Suspense>
                  </Route>
                  <Route path="/settings">
                    <SupervisorOnly>
                      <SettingsScreen />
                    </SupervisorOnly>
                  </Route>
                  <Route path="/door/audit" component={AuditScreen} />
                  <Route>
                    <NotFound />
                  </Route>
                </Switch>
              </SealedDoor>
            </Layout>
          </LocaleScope>
        </Route>
      </Switch>
    </DoorRuntimeContext.Provider>
  );
}

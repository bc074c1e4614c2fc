import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { useAppStore } from '../../state/use-app-store';
import { DoorHome } from '../door/DoorHome';
import { JoinFromAddress } from '../door/JoinFromAddress';
import { OrganiserHome } from '../organiser/OrganiserHome';
import { SettingsScreen } from '../settings/SettingsScreen';
import { Layout } from './Layout';
import { NotFound } from './NotFound';

export function App({ onUpdate }: { onUpdate(): void }) {
  const theme = useAppStore((s) => s.settings.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0b0f14' : '#f7f8fa');
  }, [theme]);
  return (
    <Layout onUpdate={onUpdate}>
      <Switch>
        <Route path="/">
          <DoorHome />
        </Route>
        <Route path="/checkin_lists/:slug">{(params) => <JoinFromAddress slug={params.slug} />}</Route>
        <Route path="/organiser" nest>
          <OrganiserHome />
        </Route>
        <Route path="/settings">
          <SettingsScreen />
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Layout>
  );
}

import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAppStore } from '../../state/use-app-store';
import { StatusPill } from '../components/StatusPill';
import { UpdateBanner } from '../components/UpdateBanner';
import { IdentifyOverlay } from '../door/IdentifyOverlay';
import { SupervisorBar } from '../door/SupervisorGate';
import { t } from '../i18n/t';

function isActive(section: string, path: string): boolean {
  if (section === '/') return !path.startsWith('/organiser') && !path.startsWith('/settings');
  return path === section || path.startsWith(`${section}/`);
}

function NavLink({ href, label }: { href: string; label: string }) {
  const [path] = useLocation();
  const active = isActive(href, path);
  return (
    <Link
      href={href}
      className={`nav__link${active ? ' nav__link--active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
}

interface Props {
  children: ReactNode;
  onUpdate(): void;
}

export function Layout({ children, onUpdate }: Props) {
  const [path] = useLocation();
  // Door screens with an open list carry their own connection pill in the status bar; the
  // passcode's screens, shown instead while the list is sealed, carry none.
  const listOpen = useAppStore((s) => s.sync.list !== null && s.sync.seal === 'open');
  const doorStatusShown = listOpen && (path === '/' || (path.startsWith('/door/') && path !== '/door/join'));
  // On the door's other screens (its passcode's, joining) the pill says what the door's own
  // requests found, as the status bar would.
  const doorReachable = useAppStore((s) => s.sync.reachable);
  const doorScreen = isActive('/', path);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('appName')}</span>
        </Link>
        <nav className="nav" aria-label={t('navMain')}>
          <NavLink href="/" label={t('navDoor')} />
          <NavLink href="/organiser" label={t('navOrganiser')} />
          <NavLink href="/settings" label={t('navSettings')} />
        </nav>
        {!doorStatusShown && <StatusPill reachable={doorScreen ? doorReachable : true} />}
      </header>
      <UpdateBanner onUpdate={onUpdate} />
      <SupervisorBar />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <IdentifyOverlay />
    </div>
  );
}

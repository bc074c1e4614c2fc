// Speaks `locale` inside: loads its catalogues, activates it, and renders the screens again
// in it. Until a newly chosen language has arrived, the screens keep the one they had, so a
// slow or failed download never leaves a blank screen.
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import type { Locale } from '../../domain/locales';
import { keepLanguageOffline } from '../../pwa/keep-language';
import { activateLocale, activeLocale } from './i18n';

export function LocaleScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [shown, setShown] = useState<Locale>(activeLocale);
  useEffect(() => {
    let live = true;
    void activateLocale(locale).then((active) => {
      if (!live) return;
      setShown(active);
      void keepLanguageOffline(active);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  // t() reads the active locale as it renders: a new key renders every screen below again.
  return <Fragment key={shown}>{children}</Fragment>;
}

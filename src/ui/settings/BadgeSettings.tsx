// "Badges: off / ask / on every admission" for this device, and the open list's layout as this
// device holds it (it comes with the list's link: docs/badges.md).
import { useSyncExternalStore } from 'react';
import { appStore } from '../../state/app-store';
import { badgeLayoutOf, badgeLayoutsVersion, onBadgeLayoutsChange } from '../../state/badge-layouts';
import type { BadgeMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { describeLayout, problemWords } from '../badges/badge-words';
import { type MessageKey, t } from '../i18n/t';

const MODES: [BadgeMode, MessageKey][] = [
  ['off', 'settingsBadgesOff'],
  ['ask', 'settingsBadgesAsk'],
  ['always', 'settingsBadgesAlways'],
];

export function BadgeSettings() {
  const mode = useAppStore((s) => s.settings.badges);
  const list = useAppStore((s) => s.sync.list);
  useSyncExternalStore(onBadgeLayoutsChange, badgeLayoutsVersion, badgeLayoutsVersion);
  const kept = list ? badgeLayoutOf(list.slug) : null;
  return (
    <>
      {MODES.map(([value, words]) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name="badges"
            value={value}
            checked={mode === value}
            onChange={() => appStore.getState().setSettings({ badges: value })}
          />
          {t(words)}
        </label>
      ))}
      {list && (
        <p className="muted help" data-testid="badge-layout-here">
          {kept === null
            ? t('settingsBadgesNoLayout', { list: list.title })
            : 'layout' in kept
              ? t('settingsBadgesLayout', { list: list.title, layout: describeLayout(kept.layout) })
              : t('settingsBadgesProblem', { list: list.title, problem: problemWords(kept.problem) })}
        </p>
      )}
      <p className="muted help">{t('settingsBadgesHelp')}</p>
    </>
  );
}

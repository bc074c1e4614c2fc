// Every string people read, in one catalogue, so more languages can follow.
export const en = {
  appName: 'Venue Check-in',
  navDoor: 'Door',
  navOrganiser: 'Organiser',
  navSettings: 'Settings',
  skipToContent: 'Skip to content',
  online: 'Online',
  offline: 'Offline',
  updateAvailable: 'A new version is ready.',
  updateAction: 'Update',
  updateLater: 'Later',
  updateAfterScan: 'Update after this scan',
  offlineReady: 'Ready to work offline.',
  doorTitle: 'Join a check-in list',
  doorIntro:
    'Scan the list’s QR code, open its web check-in address on this device, or type the list’s slug or address below.',
  doorSlugLabel: 'Check-in list slug or address',
  doorSlugPlaceholder: 'chk_… or https://…/checkin_lists/chk_…',
  doorJoin: 'Join list',
  doorSlugInvalid:
    'That is not a check-in list slug or address. It starts with chk_ or ends in /checkin_lists/chk_…',
  doorComing: 'Downloading and scanning arrive in the next release.',
  doorJoiningTitle: 'Joining check-in list',
  doorJoiningBody: 'This device is about to join the list from its web check-in address.',
  organiserTitle: 'Organiser',
  organiserIntro: 'Prepare events, releases, registrations and check-in lists.',
  organiserComing: 'The organiser screens are coming.',
  settingsTitle: 'Settings',
  settingsTheme: 'Theme',
  settingsThemeDark: 'Dark (for dark venues)',
  settingsThemeLight: 'Light (for sunlight)',
  settingsVersion: 'Version',
  notFoundTitle: 'Page not found',
  notFoundBody: 'There is nothing at this address.',
  notFoundBack: 'Go to the door screen',
} as const;

export type MessageKey = keyof typeof en;

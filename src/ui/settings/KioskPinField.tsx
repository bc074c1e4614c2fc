import { appStore } from '../../state/app-store';
import { setKioskPin } from '../../state/kiosk-pin';
import { PinField } from './PinField';

const WORDS = {
  isSet: 'settingsKioskPinIsSet',
  notSet: 'settingsKioskPinNotSet',
  label: 'settingsKioskPin',
  change: 'settingsKioskPinChange',
  help: 'settingsKioskPinHelp',
  save: 'settingsKioskPinSave',
  remove: 'settingsKioskPinRemove',
  saved: 'settingsKioskPinSaved',
  removed: 'settingsKioskPinRemoved',
} as const;

/** Sets, changes or removes the kiosk PIN. */
export function KioskPinField({ isSet }: { isSet: boolean }) {
  return (
    <PinField
      isSet={isSet}
      words={WORDS}
      store={(pin) => setKioskPin(appStore, pin)}
      testId="kiosk-pin-state"
    />
  );
}

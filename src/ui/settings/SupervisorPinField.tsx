import { appStore } from '../../state/app-store';
import { setSupervisorPin } from '../../state/supervisor';
import { PinField } from './PinField';

const WORDS = {
  isSet: 'settingsSupervisorPinIsSet',
  notSet: 'settingsSupervisorPinNotSet',
  label: 'settingsSupervisorPin',
  change: 'settingsSupervisorPinChange',
  help: 'settingsSupervisorPinHelp',
  save: 'settingsSupervisorPinSave',
  remove: 'settingsSupervisorPinRemove',
  saved: 'settingsSupervisorPinSaved',
  removed: 'settingsSupervisorPinRemoved',
} as const;

/**
 * Sets, changes or removes the supervisor PIN, saying plainly what the device does without
 * one (every action open) and with one (a door; supervisor actions ask for it).
 */
export function SupervisorPinField({ isSet }: { isSet: boolean }) {
  return (
    <PinField
      isSet={isSet}
      words={WORDS}
      store={(pin) => setSupervisorPin(appStore, pin)}
      testId="supervisor-pin-state"
      stressNotSet
    />
  );
}

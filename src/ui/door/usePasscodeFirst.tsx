import { type ReactNode, useEffect, useState } from 'react';
import type { DeviceStorage } from '../../pwa/device-storage';
import { appStore } from '../../state/app-store';
import { ForgetDeviceResult } from '../settings/ForgetDeviceResult';
import { useDoorStarted } from '../hooks/useDoor';
import { PasscodeChoice } from './PasscodeChoice';
import { UnlockScreen } from './UnlockScreen';

interface PasscodeFirst {
  /**
   * Runs `go` (a join) once the door can seal what it joins: at once when its seal is open,
   * else after the passcode is chosen (a door without one) or typed (a door holding one, all of
   * whose lists were forgotten since the start).
   */
  ensure(go: () => void): void;
  /** The passcode's screen while one is asked for, in place of the join form; else null. */
  step: ReactNode;
}

type Asked = { go: () => void; kind: 'choose' | 'unlock' } | null;

/** `onCancel`: what the screen shows when the person backs out of the passcode (else its form). */
export function usePasscodeFirst(onCancel?: () => void): PasscodeFirst {
  const started = useDoorStarted();
  const [asked, setAsked] = useState<Asked>(null);
  // A join asked for before the engine has said where its seal stands waits for it to say.
  const [early, setEarly] = useState<(() => void) | null>(null);
  const [left, setLeft] = useState<DeviceStorage | null>(null);

  const decide = (go: () => void) => {
    // The store, not a render's copy: a status published a moment ago counts.
    const { seal } = appStore.getState().sync;
    if (seal === 'none') return setAsked({ go, kind: 'choose' });
    if (seal === 'locked') return setAsked({ go, kind: 'unlock' });
    // Open, or unavailable (the join is refused with the reason, and the screen says why).
    go();
  };
  useEffect(() => {
    if (!started || !early) return;
    setEarly(null);
    decide(early);
  });

  const done = () => {
    setAsked(null);
    asked?.go();
  };
  const cancel = () => {
    setAsked(null);
    onCancel?.();
  };
  const step = left ? (
    <ForgetDeviceResult left={left} />
  ) : asked?.kind === 'choose' ? (
    <PasscodeChoice purpose="join" onChosen={done} onCancel={cancel} />
  ) : asked?.kind === 'unlock' ? (
    <UnlockScreen titles={[]} onOpened={done} onCancel={cancel} onForgotten={setLeft} />
  ) : null;
  return {
    ensure: (go) => (started ? decide(go) : setEarly(() => go)),
    step,
  };
}

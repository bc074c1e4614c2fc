import type { Ref } from 'react';

interface Props {
  id: string;
  ref: Ref<HTMLInputElement>;
  /** Shown as typed, at the person's choice (a passcode typed on a phone's small keys). */
  shown: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * One field for the door's passcode. The browser must not fill or keep it: a passcode it saved
 * would sit on this phone (and in the account it syncs to), beside the list it locks, and fill
 * itself in for whoever picks the phone up. `autocomplete="off"` does not say so to a password
 * manager: Chromium's ignores it on password fields and offers to save them. A field marked as a
 * one-time code is one its form parser takes for no password at all (`IsNotPasswordField` in
 * Chromium's password manager), and Safari offers no password of its own for it either; no `name`.
 */
export function PasscodeInput({ id, ref, shown, autoFocus, describedBy, invalid }: Props) {
  return (
    <input
      id={id}
      ref={ref}
      className="input input--large"
      type={shown ? 'text' : 'password'}
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      dir="ltr"
      // biome-ignore lint/a11y/noAutofocus: the field is the screen's one task, as a PIN pad's keys are
      autoFocus={autoFocus}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
    />
  );
}

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
 * One field for the door's passcode. The browser is asked not to fill or keep it
 * (`autocomplete="off"`, no `name`): a passcode it saved would sit on this phone, beside the
 * list it locks.
 */
export function PasscodeInput({ id, ref, shown, autoFocus, describedBy, invalid }: Props) {
  return (
    <input
      id={id}
      ref={ref}
      className="input input--large"
      type={shown ? 'text' : 'password'}
      autoComplete="off"
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

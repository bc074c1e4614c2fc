import { type FormEvent, memo, type RefObject, useId, useState } from 'react';
import { t } from '../i18n/t';

/**
 * The scan screen's field for a code, reference or name typed by hand. What is typed is this
 * field's own state: a key renders the field, not the whole scan screen (its camera, status
 * line and verdict). Memoised, on stable functions: a verdict renders the scan screen again, and
 * an input drawn again has its attributes set again.
 */
export const ManualEntry = memo(function ManualEntry({
  inputRef,
  exitMode,
  onSubmit,
  onEscape,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  exitMode: boolean;
  /** The text typed, trimmed and not empty; the field is cleared. */
  onSubmit(text: string): void;
  onEscape(): void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return;
    setTyped('');
    onSubmit(text);
  };
  return (
    <form className="scan__manual" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('scanManualLabel')}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="input input--large"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onEscape();
        }}
        placeholder={t('scanManualPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="submit"
        className={`button button--large ${exitMode ? 'button--exit' : 'button--primary'}`}
      >
        {t(exitMode ? 'doorModeExit' : 'scanManualGo')}
      </button>
    </form>
  );
});

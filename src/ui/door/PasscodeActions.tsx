import { t } from '../i18n/t';

interface Props {
  /** The submit button's words: what it does, or what it is doing while `working`. */
  label: string;
  working: boolean;
  /** Back to where the passcode was asked from, when there is such a place. */
  onCancel?(): void;
}

/**
 * The buttons under a passcode field: one large submit, held while the engine works (a second
 * press would start a second 600,000-round derivation), and a way back where there is one.
 */
export function PasscodeActions({ label, working, onCancel }: Props) {
  return (
    <>
      <button type="submit" className="button button--primary button--large" disabled={working}>
        {label}
      </button>
      {onCancel && (
        <button type="button" className="button" disabled={working} onClick={onCancel}>
          {t('pinCancel')}
        </button>
      )}
    </>
  );
}

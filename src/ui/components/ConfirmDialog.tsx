import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

interface Props {
  title: string;
  children: ReactNode;
  /** The buttons, in reading order; the dialog adds none of its own. */
  actions: ReactNode;
  /** Escape, or the browser's own close, counts as cancelling. */
  onCancel(): void;
  tone?: 'danger' | 'caution';
  testId?: string;
}

/**
 * A modal question on a native <dialog> (showModal): focus moves into it and stays there,
 * the page behind is inert, and screen readers announce it by its title.
 */
export function ConfirmDialog({ title, children, actions, onCancel, tone = 'danger', testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal?.();
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancel.current();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={`dialog dialog--${tone}`} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}

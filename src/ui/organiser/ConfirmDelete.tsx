import { useState } from 'react';

interface Props {
  what: string;
  busy: boolean;
  onConfirm(): void;
}

/** Deleting asks once more, in place, so nothing goes by a stray click. */
export function ConfirmDelete({ what, busy, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button org-danger" onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <fieldset className="org-confirm">
      <legend className="visually-hidden">Confirm delete</legend>
      <span>Delete {what}? This cannot be undone.</span>
      <button type="button" className="button org-danger" disabled={busy} onClick={onConfirm}>
        Yes, delete
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </fieldset>
  );
}

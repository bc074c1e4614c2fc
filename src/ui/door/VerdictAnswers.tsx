import { type RefObject, useLayoutEffect, useState } from 'react';
import { t } from '../i18n/t';
import { type Answer, AnswerList } from './AnswerList';

interface Props {
  answers: readonly Answer[];
  /** The verdict's scrolling body: when the answers make it overflow, they fold to one line. */
  body: RefObject<HTMLElement | null>;
  onInteract?: () => void;
}

/**
 * The ticket holder's answers on a verdict. Where the screen is short they fold into one line
 * (a tap opens them), so the verdict and its buttons stay in view without scrolling.
 */
export function VerdictAnswers({ answers, body, onInteract }: Props) {
  const [folded, setFolded] = useState(false);
  const [opened, setOpened] = useState(false);

  // Measured before paint, so a short screen never flashes the full list.
  // Measured when what it shows changes, not on every render: reading the height lays the page
  // out there and then, and the verdict re-renders as the door's status moves.
  // No answers (most verdicts, and every verdict until its answers arrive): nothing to fold,
  // and nothing measured, so the verdict's own commit does not lay the page out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when its content changes
  useLayoutEffect(() => {
    const el = body.current;
    if (answers.length === 0 || !el || folded || opened) return;
    if (el.scrollHeight > el.clientHeight + 1) setFolded(true);
  }, [answers, folded, opened]);

  if (answers.length === 0) return null;
  if (!folded || opened) return <AnswerList answers={answers} className="verdict__answers" />;
  return (
    <button
      type="button"
      className="verdict__answers-line"
      aria-expanded={false}
      onClick={() => {
        onInteract?.();
        setOpened(true);
      }}
    >
      <span className="visually-hidden">{t('verdictShowAnswers')}: </span>
      {answers.map((a, i) => (
        <span key={a.question}>
          {i > 0 && ' · '}
          <strong>
            <bdi>{a.question}</bdi>:
          </strong>{' '}
          <bdi>{a.response}</bdi>
        </span>
      ))}
    </button>
  );
}

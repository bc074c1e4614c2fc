import type { RefObject } from 'react';
import { t } from '../i18n/t';
import { type Answer, AnswerList } from './AnswerList';
import { useFoldOnOverflow } from './useFoldOnOverflow';

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
  const fold = useFoldOnOverflow(body, answers, answers.length > 0, onInteract);

  if (answers.length === 0) return null;
  if (!fold.folded) return <AnswerList answers={answers} className="verdict__answers" />;
  return (
    <button type="button" className="verdict__answers-line" aria-expanded={false} onClick={fold.open}>
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

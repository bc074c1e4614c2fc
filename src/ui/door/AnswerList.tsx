export interface Answer {
  question: string;
  response: string;
}

/** The ticket holder's answers to the event's questions. */
export function AnswerList({ answers, className }: { answers: readonly Answer[]; className: string }) {
  return (
    <dl className={className}>
      {answers.map((a) => (
        <div key={a.question}>
          <dt>{a.question}</dt>
          <dd>{a.response}</dd>
        </div>
      ))}
    </dl>
  );
}

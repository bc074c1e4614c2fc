export interface Answer {
  question: string;
  response: string;
}

/** The ticket holder's answers to the event's questions, each in its own direction (as the service sent it). */
export function AnswerList({ answers, className }: { answers: readonly Answer[]; className: string }) {
  return (
    <dl className={className}>
      {answers.map((a) => (
        <div key={a.question}>
          <dt dir="auto">{a.question}</dt>
          <dd dir="auto">{a.response}</dd>
        </div>
      ))}
    </dl>
  );
}

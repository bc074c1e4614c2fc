// Every plain field of a record, read only: derived fields (state, counts, sold out) included.
import type { AdminRecord } from '../../api/admin-client';
import { text } from './format';

const HIDDEN = new Set(['_type', 'translations', 'metadata', 'security_token']);

export function RecordFacts({ record }: { record: AdminRecord }) {
  const entries = Object.entries(record).filter(
    ([key, value]) => !HIDDEN.has(key) && (typeof value !== 'object' || value === null || isIdList(value)),
  );
  return (
    <dl className="org-facts">
      {entries.map(([key, value]) => (
        <div key={key} className="org-fact">
          <dt>{key.replace(/_/g, ' ')}</dt>
          <dd data-fact={key}>{text(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function isIdList(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v !== 'object');
}

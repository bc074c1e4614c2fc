// Choose releases, questions or activities of the event by their titles, not their ids.
import { t } from '../i18n/t';
import type { AdminRecord } from '../../api/admin-client';
import { scopedPath, useEventScope } from './event-scope';
import { text } from './format';
import { useAdminData } from './hooks/useAdminData';

interface Props {
  id: string;
  label: string;
  resource: 'releases' | 'questions' | 'activities';
  value: number[];
  onChange(value: number[]): void;
  errorId?: string | undefined;
  /** The record's current links are unknown: nothing can be ticked, and nothing is sent. */
  disabled?: boolean | undefined;
}

export function RefPicker({ id, label, resource, value, onChange, errorId, disabled }: Props) {
  const scope = useEventScope();
  const data = useAdminData(
    (client) =>
      scope
        ? client.list(scopedPath(scope, resource), resource, { pageSize: 1000 })
        : Promise.resolve({ ok: true as const, value: { records: [], meta: {} as never } }),
    `${scope?.account}/${scope?.event}/${resource}`,
  );
  const records: AdminRecord[] = data.value?.records ?? [];
  const toggle = (recordId: number, on: boolean) =>
    onChange(on ? [...value, recordId] : value.filter((v) => v !== recordId));
  if (disabled) {
    // No boxes at all: unticked ones would read as "linked to nothing".
    return (
      <fieldset className="fieldset org-refs" id={id} aria-describedby={errorId} disabled>
        <legend>{label}</legend>
        <p className="muted">{t('orgLinksNotShown')}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="fieldset org-refs" id={id} aria-describedby={errorId}>
      <legend>{label}</legend>
      {data.loading && records.length === 0 ? <p className="muted">{t('orgLoading')}</p> : null}
      {!data.loading && records.length === 0 ? <p className="muted">{t('orgNoneYet')}</p> : null}
      {records.map((record) => {
        const recordId = Number(record.id);
        return (
          <label key={recordId} className="choice">
            <input
              type="checkbox"
              checked={value.includes(recordId)}
              onChange={(e) => toggle(recordId, e.currentTarget.checked)}
            />
            {text(record.title ?? record.name)}
          </label>
        );
      })}
    </fieldset>
  );
}

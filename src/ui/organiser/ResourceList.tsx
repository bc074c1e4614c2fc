// One event resource as a paged list: search, state filters (with the API's defaults) and
// sort where the API offers them. Only one page is ever in memory, so 100,000 records are
// as quick as ten; searching waits for a pause in typing.
import { t, tl } from '../i18n/t';
import { useState } from 'react';
import { Link } from 'wouter';
import { scopedHref, scopedPath, useEventScope } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { useDebounced } from './hooks/useDebounced';
import { ExportButton } from './arrivals/ExportButton';
import { Pager } from './Pager';
import { RecordTable } from './RecordTable';
import type { ResourceDef } from './resources';

const PAGE_SIZE = 50;

export function ResourceList({ def }: { def: ResourceDef }) {
  const scope = useEventScope();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [states, setStates] = useState<readonly string[]>(def.states?.defaults ?? []);
  const [sortIndex, setSortIndex] = useState(0);
  const search = useDebounced(q, 300);
  const sort = def.sorts?.[sortIndex];
  const query = {
    page,
    pageSize: PAGE_SIZE,
    q: search,
    states,
    ...(def.listExpand ? { expand: def.listExpand } : {}),
    ...(sort ? { sort: sort.sort, direction: sort.direction } : {}),
  };
  const data = useAdminData(
    (client) => client.list(scope ? scopedPath(scope, def.key) : def.key, def.plural, query),
    JSON.stringify([scope, def.key, query]),
  );
  if (!scope) return null;
  const records = data.value?.records ?? [];
  const toggleState = (state: string, on: boolean) => {
    setPage(1);
    setStates((current) => (on ? [...current, state] : current.filter((s) => s !== state)));
  };

  return (
    <section className="panel org-section" aria-labelledby="list-title">
      <div className="org-heading">
        <h2 id="list-title">{tl(def.title)}</h2>
        {def.key === 'registrations' || def.key === 'tickets' ? <ExportButton def={def} /> : null}
        {def.canCreate ? (
          <Link href={scopedHref(scope, def.key, 'new')} className="button button--primary">
            {t('orgNew', { what: def.key })}
          </Link>
        ) : null}
      </div>
      <div className="org-toolbar">
        {def.searchable ? (
          <div className="field">
            <label htmlFor="list-search">{t('orgSearch')}</label>
            <input
              id="list-search"
              className="input"
              type="search"
              value={q}
              placeholder={t('orgSearchPlaceholder')}
              onChange={(e) => {
                setQ(e.currentTarget.value);
                setPage(1);
              }}
            />
          </div>
        ) : null}
        {def.sorts ? (
          <div className="field">
            <label htmlFor="list-sort">{t('orgSort')}</label>
            <select
              id="list-sort"
              className="input"
              value={sortIndex}
              onChange={(e) => {
                setSortIndex(Number(e.currentTarget.value));
                setPage(1);
              }}
            >
              {def.sorts.map((option, index) => (
                <option key={option.label} value={index}>
                  {tl(option.label)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {def.states ? (
          <fieldset className="fieldset org-states">
            <legend>{t('orgShow')}</legend>
            {def.states.values.map((state) => (
              <label key={state} className="choice">
                <input
                  type="checkbox"
                  checked={states.includes(state)}
                  onChange={(e) => toggleState(state, e.currentTarget.checked)}
                />
                {state}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
      {data.loading && !data.value ? <p className="muted">{t('orgLoading')}</p> : null}
      {data.value && records.length === 0 ? <p className="org-empty">{tl(def.empty)}</p> : null}
      {records.length > 0 ? (
        <div aria-busy={data.loading}>
          <RecordTable
            caption={tl(def.title)}
            columns={def.columns}
            records={records}
            href={(r) => scopedHref(scope, def.key, String(r[def.idField] ?? r.id))}
          />
        </div>
      ) : null}
      {data.value ? <Pager meta={data.value.meta} onPage={setPage} /> : null}
    </section>
  );
}

// "Export CSV" on an event's registrations or tickets: every page through the Admin API (all
// states, cancelled ones included), then one file, written safely (src/domain/csv.ts).
import { useState } from 'react';
import type { ListQuery } from '../../../api/admin-client';
import { describeAdminError } from '../../../api/admin-failure';
import { listAllPages } from '../../../api/admin-export';
import { recordsToCsv } from '../../../domain/csv';
import { t } from '../../i18n/t';
import { scopedPath, useEventScope } from '../event-scope';
import { useAdminClient } from '../hooks/useAdminClient';
import type { ResourceDef } from '../resources';
import { downloadCsv, exportFileName } from '../../shared/download-csv';

/** Columns a person looks for first; the rest follow in the order the service gives them. */
const FIRST: Record<string, readonly string[]> = {
  registrations: ['reference', 'name', 'email', 'state', 'total', 'currency', 'completed_at'],
  tickets: [
    'reference',
    'first_name',
    'last_name',
    'email',
    'release_title',
    'state',
    'registration_reference',
  ],
};

/**
 * What every page of an export asks for: each state the resource has (the service's default
 * selection hides some, void and archived tickets for one), and the list's expansions.
 */
export function exportQuery(def: ResourceDef): Omit<ListQuery, 'page' | 'pageSize'> {
  return {
    ...(def.states ? { states: def.states.values } : {}),
    ...(def.listExpand ? { expand: def.listExpand } : {}),
  };
}

export function ExportButton({ def }: { def: ResourceDef }) {
  const scope = useEventScope();
  const { client } = useAdminClient();
  const [progress, setProgress] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!scope || !client) return null;
  const run = async () => {
    setFailure(null);
    setBusy(true);
    setProgress(t('expWorking', { done: 0, total: '…' }));
    const all = await listAllPages(
      client,
      scopedPath(scope, def.key),
      def.plural,
      exportQuery(def),
      (done, total) => setProgress(t('expWorking', { done, total })),
    );
    setBusy(false);
    if (!all.ok) {
      setProgress(null);
      setFailure(describeAdminError(all));
      return;
    }
    downloadCsv(exportFileName(def.key, scope.event), recordsToCsv(all.value, FIRST[def.key] ?? []));
    setProgress(t('expDone', { n: all.value.length }));
  };
  return (
    <span className="export-button">
      <button type="button" className="button" onClick={run} disabled={busy}>
        {t('expCsv')}
      </button>
      <span className="muted" role="status">
        {failure ?? progress ?? ''}
      </span>
    </span>
  );
}

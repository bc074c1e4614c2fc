// A list that hangs off one record: a question's answers, an RSVP list's invitations.
import { tl } from '../i18n/t';
import { useState } from 'react';
import { scopedPath, useEventScope } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { Pager } from './Pager';
import { RecordTable } from './RecordTable';
import type { ChildList } from './resources';

export function ChildRecords({ parentPath, child }: { parentPath: string[]; child: ChildList }) {
  const scope = useEventScope();
  const [page, setPage] = useState(1);
  const data = useAdminData(
    (client) =>
      client.list(scope ? scopedPath(scope, ...parentPath, child.path) : '', child.plural, {
        page,
        pageSize: 50,
      }),
    JSON.stringify([scope, parentPath, child.path, page]),
  );
  const records = data.value?.records ?? [];
  return (
    <section className="org-subsection" aria-label={tl(child.title)}>
      <h3>{tl(child.title)}</h3>
      {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
      {data.value && records.length === 0 ? <p className="org-empty">{tl(child.empty)}</p> : null}
      {records.length > 0 ? (
        <RecordTable caption={tl(child.title)} columns={child.columns} records={records} />
      ) : null}
      {data.value ? <Pager meta={data.value.meta} onPage={setPage} /> : null}
    </section>
  );
}

// One record: its facts (derived fields included), its state changes, edit in place, delete
// with confirmation, and what hangs off it (QR handover, answers, invitations, tickets).
import { t, tl } from '../i18n/t';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { ChildRecords } from './ChildRecords';
import { CheckinListPanel } from './CheckinListPanel';
import { ConfirmDelete } from './ConfirmDelete';
import { clearDraft } from './drafts';
import { scopedHref, scopedPath, useEventScope } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminData } from './hooks/useAdminData';
import { useSubmit } from './hooks/useSubmit';
import { QrImage } from './QrImage';
import { RecordFacts } from './RecordFacts';
import { RegistrationExtras } from './RegistrationExtras';
import { ResourceForm } from './ResourceForm';
import { type ResourceDef, recordExpand } from './resources';

export function ResourceDetail({ def, id }: { def: ResourceDef; id: string }) {
  const scope = useEventScope();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  // Fetched with the expansions the edit form's link fields need: a 3.1 record without them
  // shows no links, and an edit from there would replace the whole set.
  const data = useAdminData(
    (client) => client.get(scope ? scopedPath(scope, def.key, id) : '', def.singular, recordExpand(def)),
    JSON.stringify([scope, def.key, id]),
  );
  const write = useSubmit();
  if (!scope) return null;
  const record = data.value;
  const draftKey = `edit:${scope.account}/${scope.event}/${def.key}/${id}`;
  const path = (...rest: string[]) => scopedPath(scope, def.key, id, ...rest);

  const save = async (attributes: AdminRecord) => {
    const saved = await write.run((client) => client.update(path(), def.singular, attributes));
    if (!saved) return;
    clearDraft(draftKey);
    setEditing(false);
    const newId = String(saved[def.idField] ?? id);
    if (newId !== id) navigate(scopedHref(scope, def.key, newId));
    else data.reload();
  };
  const remove = async () => {
    const done = await write.run((client) => client.remove(path()));
    if (done !== undefined) navigate(scopedHref(scope, def.key));
  };
  const act = async (action: NonNullable<ResourceDef['actions']>[number]) => {
    const result = await write.run((client) => client.action(action.method, path(action.path)));
    if (result === undefined) return;
    const copyId = result?.[def.idField];
    if (action.opensResult && copyId !== undefined && String(copyId) !== id) {
      navigate(scopedHref(scope, def.key, String(copyId)));
    } else data.reload();
  };

  return (
    <section className="panel org-section" aria-labelledby="detail-title">
      <p>
        <Link href={scopedHref(scope, def.key)}>{t('arrBack', { list: tl(def.title) })}</Link>
      </p>
      {data.failure ? <FailureNotice failure={data.failure} onRetry={data.reload} /> : null}
      {!record && data.loading ? <p className="muted">{t('orgLoading')}</p> : null}
      {record ? (
        <>
          <div className="org-heading">
            <h2 id="detail-title">{def.name(record)}</h2>
            <div className="org-actions">
              {(def.actions ?? [])
                .filter((action) => !action.when || action.when(record))
                .map((action) => (
                  <button
                    key={action.label}
                    type="button"
                    className="button"
                    disabled={write.busy}
                    onClick={() => act(action)}
                  >
                    {tl(action.label)}
                  </button>
                ))}
              {def.canEdit && !editing ? (
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  {t('orgEdit')}
                </button>
              ) : null}
              {def.canDelete ? (
                <ConfirmDelete what={def.name(record)} busy={write.busy} onConfirm={remove} />
              ) : null}
            </div>
          </div>
          {write.failure && !editing ? <FailureNotice failure={write.failure} /> : null}
          {editing ? (
            <ResourceForm
              fields={def.fields}
              record={record}
              draftKey={draftKey}
              submitLabel={t('orgSaveChanges')}
              busy={write.busy}
              failure={write.failure}
              onSubmit={save}
              onCancel={() => {
                setEditing(false);
                clearDraft(draftKey);
                write.clearFailure();
              }}
            />
          ) : null}
          {def.key === 'checkin_lists' ? <CheckinListPanel record={record} onRefresh={data.reload} /> : null}
          {def.key === 'tickets' && typeof record.slug === 'string' ? (
            <div className="org-handover">
              <QrImage
                value={record.slug}
                label={`QR code of ticket ${String(record.reference ?? '')}`}
                size={240}
              />
              <p className="muted">{t('orgTicketQrHelp')}</p>
            </div>
          ) : null}
          {def.key === 'registrations' ? <RegistrationExtras record={record} /> : null}
          {def.children ? <ChildRecords parentPath={[def.key, id]} child={def.children} /> : null}
          <details className="org-details" open={def.key !== 'registrations' && def.key !== 'checkin_lists'}>
            <summary>{t('orgAllFields')}</summary>
            <RecordFacts record={record} />
          </details>
        </>
      ) : null}
    </section>
  );
}

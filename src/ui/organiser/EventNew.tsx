import { t } from '../i18n/t';
import { useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { clearDraft } from './drafts';
import { EVENT_FIELDS } from './event-fields';
import { useSubmit } from './hooks/useSubmit';
import { ResourceForm } from './ResourceForm';

export function EventNew({ account }: { account: string }) {
  const [, navigate] = useLocation();
  const write = useSubmit();
  const create = async (attributes: AdminRecord) => {
    const created = await write.run((client) =>
      client.create(`${encodeURIComponent(account)}/events`, 'event', attributes),
    );
    if (created) clearDraft(`new-event:${account}`);
    if (created)
      navigate(`/events/${encodeURIComponent(account)}/${encodeURIComponent(String(created.slug))}`);
  };
  return (
    <section className="panel org-section" aria-labelledby="new-title">
      <h2 id="new-title">{t('orgNewEvent')}</h2>
      <ResourceForm
        fields={EVENT_FIELDS}
        record={null}
        draftKey={`new-event:${account}`}
        submitLabel={t('orgCreateEvent')}
        busy={write.busy}
        failure={write.failure}
        onSubmit={create}
        onCancel={() => {
          clearDraft(`new-event:${account}`);
          navigate(`/accounts/${encodeURIComponent(account)}`);
        }}
      />
    </section>
  );
}

import { t } from '../i18n/t';
import { useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { clearDraft } from './drafts';
import { scopedHref, scopedPath, useEventScope } from './event-scope';
import { useSubmit } from './hooks/useSubmit';
import { ResourceForm } from './ResourceForm';
import type { ResourceDef } from './resources';

export function ResourceNew({ def }: { def: ResourceDef }) {
  const scope = useEventScope();
  const [, navigate] = useLocation();
  const write = useSubmit();
  if (!scope) return null;
  const draftKey = `new:${scope.account}/${scope.event}/${def.key}`;
  const create = async (attributes: AdminRecord) => {
    const created = await write.run((client) =>
      client.create(scopedPath(scope, def.key), def.singular, attributes),
    );
    if (created) clearDraft(draftKey);
    if (created) navigate(scopedHref(scope, def.key, String(created[def.idField] ?? created.id)));
  };
  return (
    <section className="panel org-section" aria-labelledby="new-title">
      <h2 id="new-title">{t('orgNew', { what: def.key })}</h2>
      <ResourceForm
        fields={def.fields}
        record={null}
        draftKey={draftKey}
        submitLabel={t('orgCreate')}
        busy={write.busy}
        failure={write.failure}
        onSubmit={create}
        onCancel={() => {
          clearDraft(draftKey);
          navigate(scopedHref(scope, def.key));
        }}
      />
    </section>
  );
}

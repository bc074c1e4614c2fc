// A registration made by the organiser: who, and line items (release and quantity). The
// service creates its tickets, which then reach the check-in lists of those releases.
import { t } from '../i18n/t';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { clearDraft } from './drafts';
import { scopedHref, scopedPath, useEventScope } from './event-scope';
import { text } from './format';
import { useAdminData } from './hooks/useAdminData';
import { useSubmit } from './hooks/useSubmit';
import { ResourceForm } from './ResourceForm';
import type { FieldDef } from './resources';

const FIELDS: FieldDef[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'discount_code', label: 'Discount code', kind: 'text' },
  { name: 'source', label: 'Source', kind: 'text' },
  { name: 'notify', label: 'Email the registrant', kind: 'checkbox' },
];

interface Line {
  key: number;
  releaseId: string;
  quantity: string;
}

export function RegistrationNew() {
  const scope = useEventScope();
  const [, navigate] = useLocation();
  const write = useSubmit();
  const [lines, setLines] = useState<Line[]>([{ key: 1, releaseId: '', quantity: '1' }]);
  const releases = useAdminData(
    (client) => client.list(scope ? scopedPath(scope, 'releases') : '', 'releases', { pageSize: 1000 }),
    JSON.stringify(scope),
  );
  if (!scope) return null;
  const options: AdminRecord[] = releases.value?.records ?? [];
  const setLine = (key: number, patch: Partial<Line>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const lineErrors = write.failure?.fieldErrors?.line_items ?? write.failure?.fieldErrors?.tickets;

  const create = async (attributes: AdminRecord) => {
    const line_items = lines
      .filter((line) => line.releaseId !== '')
      .map((line) => ({ release_id: Number(line.releaseId), quantity: Number(line.quantity) || 0 }));
    const created = await write.run((client) =>
      client.create(scopedPath(scope, 'registrations'), 'registration', { ...attributes, line_items }),
    );
    if (created) clearDraft(`new-registration:${scope.account}/${scope.event}`);
    if (created) navigate(scopedHref(scope, 'registrations', String(created.slug ?? created.id)));
  };

  return (
    <section className="panel org-section" aria-labelledby="new-title">
      <h2 id="new-title">{t('orgNewRegistration')}</h2>
      <ResourceForm
        fields={FIELDS}
        record={null}
        draftKey={`new-registration:${scope.account}/${scope.event}`}
        submitLabel={t('orgCreateRegistration')}
        busy={write.busy}
        failure={write.failure}
        onSubmit={create}
        onCancel={() => {
          clearDraft(`new-registration:${scope.account}/${scope.event}`);
          navigate(scopedHref(scope, 'registrations'));
        }}
      >
        <fieldset
          className="fieldset org-lines"
          aria-describedby={lineErrors ? 'line-items-error' : undefined}
        >
          <legend>{t('orgLineItems')}</legend>
          {lines.map((line, index) => (
            <div key={line.key} className="org-line">
              <div className="field">
                <label htmlFor={`line-release-${index}`}>{t('orgRelease')}</label>
                <select
                  id={`line-release-${index}`}
                  className="input"
                  value={line.releaseId}
                  onChange={(e) => setLine(line.key, { releaseId: e.currentTarget.value })}
                >
                  <option value="">{t('orgChooseRelease')}</option>
                  {options.map((release) => (
                    <option key={String(release.id)} value={String(release.id)}>
                      {text(release.title)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`line-quantity-${index}`}>{t('orgQuantity')}</label>
                <input
                  id={`line-quantity-${index}`}
                  className="input"
                  type="number"
                  min={1}
                  value={line.quantity}
                  onChange={(e) => setLine(line.key, { quantity: e.currentTarget.value })}
                />
              </div>
              {lines.length > 1 ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  {t('orgRemoveLine')}
                </button>
              ) : null}
            </div>
          ))}
          <button
            type="button"
            className="button"
            onClick={() => setLines((all) => [...all, { key: Date.now(), releaseId: '', quantity: '1' }])}
          >
            {t('orgAddLine')}
          </button>
          {lineErrors ? (
            <p className="field-error" id="line-items-error">
              {lineErrors.join('; ')}
            </p>
          ) : null}
        </fieldset>
      </ResourceForm>
    </section>
  );
}

// A create/edit form driven by field descriptions. What was typed stays on screen after any
// failure; a 422's messages appear next to their fields, the rest above the buttons.
import { t } from '../i18n/t';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminRecord } from '../../api/admin-client';
import type { AdminFailure } from '../../api/admin-failure';
import { FailureNotice } from './FailureNotice';
import { loadDraft, saveDraft } from './drafts';
import { useEventFormat } from './event-format-context';
import { FieldControl } from './FieldControl';
import { type FormValues, fieldForAttribute, initialValues, toAttributes } from './form-values';
import type { FieldDef } from './resources';

interface Props {
  fields: readonly FieldDef[];
  record: AdminRecord | null;
  submitLabel: string;
  busy: boolean;
  failure: AdminFailure | null;
  onSubmit(attributes: AdminRecord): void;
  onCancel?: () => void;
  /** Where to keep a draft until saved (cleared by the caller on success with `clearDraft`). */
  draftKey?: string;
  /** Extra controls inside the form (line items of a registration). */
  children?: React.ReactNode;
}

export function ResourceForm({
  fields,
  record,
  submitLabel,
  busy,
  failure,
  onSubmit,
  onCancel,
  draftKey,
  children,
}: Props) {
  const format = useEventFormat();
  const initial = useMemo(() => initialValues(fields, record, format), [fields, record, format]);
  // Links the record does not show are not in `initial`: their picker stays disabled, and a
  // draft's value for them is dropped, so saving never replaces links nobody saw.
  const unshown = (field: FieldDef) => field.kind === 'refs' && record !== null && !(field.name in initial);
  const [values, setValues] = useState<FormValues>(() => {
    const restored: FormValues = { ...initial, ...(draftKey ? loadDraft(draftKey) : null) };
    for (const field of fields) if (unshown(field)) delete restored[field.name];
    return restored;
  });
  useEffect(() => {
    if (draftKey) saveDraft(draftKey, values);
  }, [draftKey, values]);

  const { byField, unplaced } = useMemo(() => {
    const byField: Record<string, string[]> = {};
    const unplaced: string[] = [];
    for (const [attribute, messages] of Object.entries(failure?.fieldErrors ?? {})) {
      const name = fieldForAttribute(fields, attribute);
      if (name) byField[name] = [...(byField[name] ?? []), ...messages];
      else
        unplaced.push(
          ...messages.map((m) => (attribute === 'base' ? m : `${attribute.replace(/_/g, ' ')} ${m}`)),
        );
    }
    return { byField, unplaced };
  }, [failure, fields]);

  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, take the person to the first field the service named.
  useEffect(() => {
    if (!failure) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    target?.scrollIntoView({ block: 'center' });
    if (target?.matches('input, select, textarea')) target.focus();
  }, [failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(toAttributes(fields, values, record ? initial : null, format));
  };

  return (
    <form ref={formRef} className="org-form" onSubmit={submit} noValidate>
      <div className="org-grid">
        {fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            errors={byField[field.name]}
            disabled={unshown(field)}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          />
        ))}
      </div>
      {children}
      {unplaced.length > 0 ? (
        <ul className="field-error" role="alert">
          {unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {failure && failure.reason !== 'invalid' ? <FailureNotice failure={failure} /> : null}
      {failure?.reason === 'invalid' ? (
        <p className="field-error" role="alert">
          {t('orgInvalid', { message: failure.message ?? t('orgInvalidRequest') })}
        </p>
      ) : null}
      <div className="org-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('orgSaving') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('orgCancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

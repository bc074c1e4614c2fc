import { t, tl } from '../i18n/t';
import { useEventFormat } from './event-format-context';
import type { FormValue } from './form-values';
import { RefPicker } from './RefPicker';
import type { FieldDef } from './resources';

interface Props {
  field: FieldDef;
  value: FormValue;
  errors: string[] | undefined;
  /** Shown but not editable (links the service did not show: see initialValues). */
  disabled?: boolean;
  onChange(value: FormValue): void;
}

const INPUT_TYPES: Partial<Record<FieldDef['kind'], string>> = {
  email: 'email',
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
};

/** One labelled field; the service's messages for it sit right under it. */
export function FieldControl({ field, value, errors, disabled, onChange }: Props) {
  const format = useEventFormat();
  const id = `f-${field.name}`;
  const errorId = errors?.length ? `${id}-error` : undefined;
  // A datetime is typed on the event's clock; say which, so nobody types their own.
  const zoneNote = field.kind === 'datetime' && format ? t('ovTypedIn', { zone: format.zoneLabel }) : null;
  const help = [field.help && tl(field.help), zoneNote].filter(Boolean).join(' ') || undefined;
  const helpId = help ? `${id}-help` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  const errorText = errors?.length ? (
    <p className="field-error" id={errorId} data-field={field.name}>
      {errors.join('; ')}
    </p>
  ) : null;

  if (field.kind === 'checkbox') {
    return (
      <div className="field org-check">
        <label className="choice">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          {tl(field.label)}
        </label>
        {errorText}
      </div>
    );
  }
  if (field.kind === 'refs' && field.ref) {
    return (
      <div className="field org-wide">
        <RefPicker
          id={id}
          label={tl(field.label)}
          resource={field.ref}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          errorId={errorId}
          disabled={disabled}
        />
        {errorText}
      </div>
    );
  }
  const common = {
    id,
    name: field.name,
    className: 'input',
    value: String(value),
    required: field.required,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': describedBy,
  };
  let control: React.ReactNode;
  if (field.kind === 'textarea') {
    control = <textarea {...common} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />;
  } else if (field.kind === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.currentTarget.value)}>
        {field.required ? null : <option value="">—</option>}
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={INPUT_TYPES[field.kind] ?? 'text'}
        inputMode={field.kind === 'decimal' ? 'decimal' : undefined}
        list={field.kind === 'suggest' ? `${id}-options` : undefined}
        step={field.kind === 'number' ? 1 : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <div className={`field${field.kind === 'textarea' ? ' org-wide' : ''}`}>
      <label htmlFor={id} className={field.required ? 'org-required' : undefined}>
        {tl(field.label)}
      </label>
      {control}
      {field.kind === 'suggest' ? (
        <datalist id={`${id}-options`}>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
      {help ? (
        <p className="help" id={helpId}>
          {help}
        </p>
      ) : null}
      {errorText}
    </div>
  );
}

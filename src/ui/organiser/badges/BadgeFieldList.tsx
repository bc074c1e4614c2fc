import type { Dispatch, SetStateAction } from 'react';
import type { BadgeField } from '../../../domain/badge-layout';
import { fieldName } from '../../badges/badge-words';
import { t } from '../../i18n/t';

/** The badge's fields in print order, each ticked to print or not, moved up or down a place. */
export function BadgeFieldList({
  order,
  setOrder,
  shown,
  setShown,
  fields,
}: {
  order: readonly BadgeField[];
  setOrder: Dispatch<SetStateAction<BadgeField[]>>;
  shown: ReadonlySet<BadgeField>;
  setShown: Dispatch<SetStateAction<Set<BadgeField>>>;
  /** The fields that print: none is an error to show. */
  fields: readonly BadgeField[];
}) {
  const move = (field: BadgeField, by: -1 | 1) =>
    setOrder((now) => {
      const at = now.indexOf(field);
      const to = at + by;
      if (to < 0 || to >= now.length) return now;
      const next = [...now];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return next;
    });
  return (
    <fieldset className="fieldset">
      <legend>{t('badgeFields')}</legend>
      <ol className="badge-editor__fields">
        {order.map((field, i) => (
          <li key={field} data-field={field}>
            <label className="choice">
              <input
                type="checkbox"
                checked={shown.has(field)}
                onChange={(e) =>
                  setShown((now) => {
                    const next = new Set(now);
                    if (e.target.checked) next.add(field);
                    else next.delete(field);
                    return next;
                  })
                }
              />
              {fieldName(field)}
            </label>
            <span className="badge-editor__move">
              <button
                type="button"
                className="button"
                disabled={i === 0}
                onClick={() => move(field, -1)}
                aria-label={t('badgeMoveUp', { field: fieldName(field) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="button"
                disabled={i === order.length - 1}
                onClick={() => move(field, 1)}
                aria-label={t('badgeMoveDown', { field: fieldName(field) })}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      {fields.length === 0 && <p className="field-error">{t('badgeNoFields')}</p>}
    </fieldset>
  );
}

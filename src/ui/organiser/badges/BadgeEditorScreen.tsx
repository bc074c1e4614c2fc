// The badge layout of a check-in list: the label, the fields in order, a live preview with the
// list's longest name and an Arabic one (and any names typed to try), a test print, and saving,
// which puts the layout into the list's link, QR code and door kit (saved-layouts.ts).
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminRecord } from '../../../api/admin-client';
import { type BadgeTicket, badgeLines } from '../../../domain/badge-content';
import {
  BADGE_FIELDS,
  type BadgeField,
  type BadgeLayout,
  CUSTOM_MM,
  DEFAULT_BADGE_LAYOUT,
  LABEL_PRESETS,
  type LabelPreset,
  PRESET_IDS,
  validCustomSize,
} from '../../../domain/badge-layout';
import { describeError } from '../../error-words';
import { printBadges } from '../../badges/print-job';
import { labelName } from '../../badges/badge-words';
import { t } from '../../i18n/t';
import { scopedHref } from '../event-scope';
import { useListAndEvent } from '../arrivals/useListAndEvent';
import { BadgeFieldList } from './BadgeFieldList';
import { BadgePreview } from './BadgePreview';
import { listLink, saveBadgeLayout, savedBadgeLayout } from './saved-layouts';
import { useListSamples } from './useListSamples';
import './badges.css';

/** A sample Arabic name (right to left), shown whether or not the list has one. */
const ARABIC: BadgeTicket = {
  slug: 'ti_sample',
  firstName: 'نور الهدى',
  lastName: 'عبد الرحمن الهاشمي',
  companyName: 'مؤسسة الأفق للتقنية',
  jobTitle: 'مهندسة برمجيات',
  releaseTitle: null,
};
const MAX_TRIED = 10;

export function BadgeEditorScreen({ account, event, id }: { account: string; event: string; id: string }) {
  const loaded = useListAndEvent({ account, event }, id);
  if (!loaded.ready) return loaded.notice;
  return <BadgeEditor record={loaded.list} listHref={scopedHref({ account, event }, 'checkin_lists', id)} />;
}

function BadgeEditor({ record, listHref }: { record: AdminRecord; listHref: string }) {
  const slug = String(record.slug ?? '');
  const title = String(record.title ?? '');
  const saved = savedBadgeLayout(slug);
  const start = saved ?? DEFAULT_BADGE_LAYOUT;
  const [label, setLabel] = useState<LabelPreset>(start.label);
  const [custom, setCustom] = useState({
    widthMm: Math.round(start.size.widthMm),
    heightMm: Math.round(start.size.heightMm),
  });
  const [order, setOrder] = useState<BadgeField[]>([
    ...start.fields,
    ...BADGE_FIELDS.filter((f) => !start.fields.includes(f)),
  ]);
  const [shown, setShown] = useState<Set<BadgeField>>(new Set(start.fields));
  const [question, setQuestion] = useState<number | null>(start.answerQuestion);
  const [tried, setTried] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [link, setLink] = useState(() => listLink(record));
  const samples = useListSamples(record);
  const ids = { label: useId(), width: useId(), height: useId(), question: useId(), tried: useId() };

  const customOk = label !== 'custom' || validCustomSize(custom);
  const fields = order.filter((f) => shown.has(f));
  const answerOk = !shown.has('answer') || question !== null;
  const layout: BadgeLayout | null =
    customOk && answerOk && fields.length > 0
      ? {
          label,
          size: label === 'custom' ? custom : LABEL_PRESETS[label],
          fields,
          answerQuestion: shown.has('answer') ? question : null,
        }
      : null;

  const previews = useMemo(() => {
    const answer =
      question === null ? [] : [{ questionId: question, response: samples.answerTo.get(question) ?? '' }];
    const release = samples.longest?.releaseTitle ?? 'VIP';
    const people: { ticket: BadgeTicket; caption: string }[] = [];
    if (samples.longest)
      people.push({
        ticket: samples.longest,
        caption: samples.complete
          ? t('badgePreviewLongest')
          : t('badgePreviewLongestOf', { n: samples.read }),
      });
    people.push({ ticket: { ...ARABIC, releaseTitle: release }, caption: t('badgePreviewArabic') });
    for (const [i, line] of tried
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, MAX_TRIED)
      .entries()) {
      const space = line.indexOf(' ');
      people.push({
        ticket: {
          slug: `ti_tried${i}`,
          firstName: space < 0 ? line : line.slice(0, space),
          lastName: space < 0 ? null : line.slice(space + 1),
          companyName: samples.longest?.companyName ?? null,
          jobTitle: samples.longest?.jobTitle ?? null,
          releaseTitle: release,
        },
        caption: t('badgePreviewTried'),
      });
    }
    return people.map((p) => ({ ...p, answers: answer }));
  }, [samples, tried, question]);

  const save = (value: BadgeLayout | null) => {
    const stored = saveBadgeLayout(slug, value);
    setLink(listLink(record));
    setMessage(stored ? t(value ? 'badgeSaved' : 'badgeRemoved') : t('badgeNotStored'));
  };

  return (
    <section className="panel org-section badge-editor" aria-labelledby="badge-editor-title">
      <p>
        <Link href={listHref}>{t('arrBack', { list: title })}</Link>
      </p>
      <h2 id="badge-editor-title">{t('badgeTitle', { list: title })}</h2>
      <p className="muted">{t('badgeIntro')}</p>
      <div className="badge-editor__grid">
        <div className="badge-editor__form">
          <div className="field">
            <label htmlFor={ids.label}>{t('badgeLabel')}</label>
            <select
              id={ids.label}
              className="input"
              value={label}
              onChange={(e) => setLabel(e.target.value as LabelPreset)}
            >
              {PRESET_IDS.map((preset) => (
                <option key={preset} value={preset}>
                  {labelName(preset)}
                </option>
              ))}
            </select>
          </div>
          {label === 'custom' && (
            <div className="row">
              {(['widthMm', 'heightMm'] as const).map((side) => (
                <div className="field" key={side}>
                  <label htmlFor={side === 'widthMm' ? ids.width : ids.height}>
                    {t(side === 'widthMm' ? 'badgeWidth' : 'badgeHeight')}
                  </label>
                  <input
                    id={side === 'widthMm' ? ids.width : ids.height}
                    className="input"
                    type="number"
                    inputMode="numeric"
                    min={CUSTOM_MM.min}
                    max={CUSTOM_MM.max}
                    step={1}
                    value={custom[side]}
                    aria-invalid={!customOk}
                    onChange={(e) => setCustom((c) => ({ ...c, [side]: Number(e.target.value) }))}
                  />
                </div>
              ))}
              {!customOk && (
                <p className="field-error" role="alert">
                  {t('badgeCustomInvalid', { min: CUSTOM_MM.min, max: CUSTOM_MM.max })}
                </p>
              )}
            </div>
          )}
          <BadgeFieldList
            order={order}
            setOrder={setOrder}
            shown={shown}
            setShown={setShown}
            fields={fields}
          />
          {shown.has('answer') && (
            <div className="field">
              <label htmlFor={ids.question}>{t('badgeAnswerQuestion')}</label>
              {samples.questions.length === 0 ? (
                <p className="muted">{t('badgeNoQuestions')}</p>
              ) : (
                <select
                  id={ids.question}
                  className="input"
                  value={question ?? ''}
                  aria-invalid={!answerOk}
                  onChange={(e) => setQuestion(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{t('badgeChooseQuestion')}</option>
                  {samples.questions.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.title}
                    </option>
                  ))}
                </select>
              )}
            </div>
          )}
          <div className="field">
            <label htmlFor={ids.tried}>{t('badgeTryNames')}</label>
            <textarea
              id={ids.tried}
              className="input"
              rows={3}
              value={tried}
              onChange={(e) => setTried(e.target.value)}
            />
          </div>
          <div className="org-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!layout}
              onClick={() => layout && save(layout)}
            >
              {t('badgeSave')}
            </button>
            <button
              type="button"
              className="button"
              disabled={!layout}
              onClick={() => layout && void printBadges(layout, previews)}
            >
              {t('badgeTestPrint')}
            </button>
            {saved !== undefined && saved !== null && (
              <button type="button" className="button button--danger" onClick={() => save(null)}>
                {t('badgeRemove')}
              </button>
            )}
          </div>
          {message && (
            <p role="status" data-testid="badge-saved">
              {message}
            </p>
          )}
          <p className="muted">{t('badgeLinkNote')}</p>
          <p className="org-address" data-testid="badge-link">
            {link}
          </p>
        </div>
        <section className="badge-editor__previews" aria-label={t('badgePreview')}>
          {samples.failure && (
            <p className="muted" role="status">
              {t('badgeSamplesFailed', { reason: describeError(samples.failure) })}
            </p>
          )}
          {layout
            ? previews.map((p) => (
                <BadgePreview
                  key={p.ticket.slug}
                  lines={badgeLines(layout, p.ticket, p.answers)}
                  size={layout.size}
                  caption={p.caption}
                />
              ))
            : null}
        </section>
      </div>
    </section>
  );
}

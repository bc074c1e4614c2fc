// A badge layout in words, for the door's settings and the organiser's editor (the messages live
// in the door catalogue, which the organiser screens load too).
import type { BadgeField, BadgeLayout, BadgeLayoutProblem, LabelPreset } from '../../domain/badge-layout';
import { type MessageKey, t } from '../i18n/t';

const LABELS: Record<LabelPreset, MessageKey> = {
  '4x3in': 'badgeLabel4x3',
  '4x6in': 'badgeLabel4x6',
  a6: 'badgeLabelA6',
  roll62: 'badgeLabelRoll62',
  card: 'badgeLabelCard',
  custom: 'badgeLabelCustom',
};

const FIELDS: Record<BadgeField, MessageKey> = {
  first: 'badgeFieldFirst',
  last: 'badgeFieldLast',
  company: 'badgeFieldCompany',
  job: 'badgeFieldJob',
  release: 'badgeFieldRelease',
  answer: 'badgeFieldAnswer',
  qr: 'badgeFieldQr',
};

export function labelName(preset: LabelPreset): string {
  return t(LABELS[preset]);
}

export function fieldName(field: BadgeField): string {
  return t(FIELDS[field]);
}

/** "4 × 3 in label; Release, as a coloured band · First name, large · …"; a custom label with its millimetres. */
export function describeLayout(layout: BadgeLayout): string {
  const label =
    layout.label === 'custom'
      ? t('badgeLabelCustomSize', { width: layout.size.widthMm, height: layout.size.heightMm })
      : labelName(layout.label);
  // Field names hold commas of their own ("First name, large"): a middle dot between them.
  const fields = layout.fields.map(fieldName).join(' · ');
  return t('badgeLayoutWords', { label, fields });
}

export function problemWords(problem: BadgeLayoutProblem): string {
  // ICU's select keys take no dashes: `custom-size` is `customSize` in the catalogues.
  return t('badgeProblem', { problem: problem.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) });
}

// The words people read in the check-in report CSV (column headers, yes/no), in the language on
// screen. The report's builder (domain/checkin-report.ts) takes them as values and falls back to
// plain column names, so it stays free of the UI.
import type { CheckinReportWords } from '../../../domain/checkin-report';
import { t } from '../../i18n/t';

export const checkinReportWords = (): CheckinReportWords => ({
  header: {
    checked_in_at: t('csvCheckedInAt'),
    left_at: t('csvLeftAt'),
    ticket_reference: t('csvTicketReference'),
    name: t('csvName'),
    email: t('csvEmail'),
    release: t('csvRelease'),
    door: t('csvDoor'),
    double_admission: t('csvDoubleAdmission'),
    checkin_uuid: t('csvCheckinUuid'),
  },
  yes: t('csvYes'),
  no: t('csvNo'),
});

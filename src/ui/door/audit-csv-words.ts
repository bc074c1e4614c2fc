// The words people read in the door's audit CSV (column headers, row kinds), in the language on
// screen. The file's builder (sync/audit/audit-csv.ts) takes them as values and falls back to plain
// column names, so it stays free of the UI.
import type { AuditCsvWords } from '../../sync/engine/door-protocol';
import { t } from '../i18n/t';

export const auditCsvWords = (): AuditCsvWords => ({
  header: {
    record: t('csvRecord'),
    time: t('csvTime'),
    device: t('csvDevice'),
    role: t('csvRole'),
    action: t('csvAction'),
    ticket_id: t('csvTicketId'),
    ticket_reference: t('csvTicketReference'),
    first_name: t('csvFirstName'),
    last_name: t('csvLastName'),
    reason: t('csvReason'),
    state: t('csvState'),
  },
  audit: t('csvRecordAudit'),
  unsent: t('csvRecordUnsent'),
});

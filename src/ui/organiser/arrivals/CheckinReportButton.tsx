// "Check-in report (CSV)": who came through this list, when and (for check-ins made on this
// device) at which door, with double admissions marked; from the live aggregate, so it is as
// fresh as the screen. The door names come from the door app's worker, which owns its database.
import { useState } from 'react';
import type { Arrivals } from '../../../domain/arrivals';
import { checkinReportCsv } from '../../../domain/checkin-report';
import { useDoorNames } from '../../hooks/useDoor';
import { t } from '../../i18n/t';
import { downloadCsv, exportFileName } from '../../shared/download-csv';
import { checkinReportWords } from './report-words';

export function CheckinReportButton({
  title,
  slug,
  arrivals,
}: {
  title: string;
  slug: string;
  arrivals: Arrivals | null;
}) {
  const [busy, setBusy] = useState(false);
  const doorNames = useDoorNames();
  const download = async () => {
    if (!arrivals) return;
    setBusy(true);
    try {
      const doors = await doorNames(slug);
      downloadCsv(
        exportFileName('checkin-report', title),
        checkinReportCsv(arrivals, doors, checkinReportWords()),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button"
      disabled={!arrivals || busy}
      title={arrivals ? undefined : t('arrReportWait')}
      onClick={download}
    >
      {t('arrReport')}
    </button>
  );
}

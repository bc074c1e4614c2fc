// "Check-in report (CSV)": who came through this list, when and (for check-ins made on this
// device) at which door, with double admissions marked; from the live aggregate, so it is as
// fresh as the screen.
import { useState } from 'react';
import { doorNamesOnThisDevice } from '../../../db/door-names';
import type { Arrivals } from '../../../domain/arrivals';
import { checkinReportCsv } from '../../../domain/checkin-report';
import { DATABASE } from '../../door/door-runtime';
import { t } from '../../i18n/t';
import { downloadCsv, exportFileName } from './download';

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
  const download = async () => {
    if (!arrivals) return;
    setBusy(true);
    try {
      const doors = await doorNamesOnThisDevice(DATABASE, slug);
      downloadCsv(exportFileName('checkin-report', title), checkinReportCsv(arrivals, doors));
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

// A join code handed to door staff: its QR code (the link to the door app's join screen), the
// link, and the code in groups for typing by hand, with how long and for how many it works.
import type { JoinCodeData } from '../../../api/fleet-client';
import { t } from '../../i18n/t';
import { formatInstant } from '../event-format';
import { useEventFormat } from '../event-format-context';
import { QrImage } from '../QrImage';
import { joinCodeLinkWithSavedLayout } from '../badges/saved-layouts';
import { groupedCode } from './join-code-words';

export function JoinCodeShown({ code, size = 240 }: { code: JoinCodeData; size?: number }) {
  const format = useEventFormat();
  // The link carries the list's badge layout beside the code, so a door joined by it prints badges.
  const link = joinCodeLinkWithSavedLayout(code.checkin_list.slug, code.link);
  return (
    <div className="join-code" data-testid="join-code-shown">
      <QrImage value={link} label={t('codeQrLabel', { list: code.checkin_list.title })} size={size} />
      <div className="join-code__words">
        <p className="join-code__lead">{t('codeScan', { list: code.checkin_list.title })}</p>
        <dl className="join-code__facts">
          <div>
            <dt>{t('codeCodeLabel')}</dt>
            <dd className="join-code__code code" data-testid="join-code-code">
              {groupedCode(code.code)}
            </dd>
          </div>
          <div>
            <dt>{t('codeLinkLabel')}</dt>
            <dd className="org-address join-code__link" data-testid="join-code-link">
              {link}
            </dd>
          </div>
        </dl>
        <p className="muted">
          {t('codeValidUntil', {
            time: formatInstant(code.expires_at, format),
            max: code.max_devices,
          })}
        </p>
      </div>
    </div>
  );
}

import { DOOR_DATABASE } from '../../platform/database-names';
import { type DeviceStorage, nothingLeft } from '../../pwa/device-storage';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatCount } from '../format';
import { t } from '../i18n/t';

const startAgain = () => window.location.replace('/');

/** What the browser still holds after the wipe, as it reported it; the page then starts afresh. */
export function ForgetDeviceResult({ left }: { left: DeviceStorage }) {
  const clean = nothingLeft(left);
  const doorDatabase = left.databases?.includes(DOOR_DATABASE) ?? false;
  const rows: [key: string, label: string, value: string, ok: boolean][] = [
    // The engine empties the door database before deleting it: one held open elsewhere is empty.
    ['lists', t('forgetDoneLists'), doorDatabase ? t('forgetDoneEmptied') : '0', true],
    [
      'databases',
      t('forgetDoneDatabases'),
      left.databases === null ? t('forgetDoneUnknown') : formatCount(left.databases.length),
      (left.databases?.length ?? 0) === 0,
    ],
    ['caches', t('forgetDoneCaches'), formatCount(left.caches.length), left.caches.length === 0],
    [
      'token',
      t('forgetDoneToken'),
      left.adminToken ? t('forgetDoneStillThere') : t('forgetDoneNone'),
      !left.adminToken,
    ],
    [
      'settings',
      t('forgetDoneSettings'),
      left.settings ? t('forgetDoneStillThere') : t('forgetDoneNone'),
      !left.settings,
    ],
    [
      'other',
      t('forgetDoneOther'),
      formatCount(left.localStorageKeys + left.sessionStorageKeys),
      left.localStorageKeys + left.sessionStorageKeys === 0,
    ],
  ];
  return (
    <ConfirmDialog
      title={clean ? t('forgetDoneTitle') : t('forgetDonePartial')}
      tone={clean ? 'caution' : 'danger'}
      testId="forget-device-result"
      onCancel={startAgain}
      actions={
        <button type="button" className="button button--primary" onClick={startAgain}>
          {t('forgetDoneStart')}
        </button>
      }
    >
      <p role="status">{clean ? t('forgetDoneNothing') : t('forgetDoneSome')}</p>
      <dl className="dialog__checks">
        {rows.map(([key, label, value, ok]) => (
          <div key={key} data-ok={ok}>
            <dt>{label}</dt>
            <dd data-testid={`left-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {!clean && <p>{t('forgetDoneOtherTabs')}</p>}
      <p className="muted">{t('forgetDoneWorker')}</p>
    </ConfirmDialog>
  );
}

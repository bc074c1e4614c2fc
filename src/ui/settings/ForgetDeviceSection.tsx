import { useState } from 'react';
import type { DeviceStorage } from '../../pwa/device-storage';
import { useOnline } from '../hooks/useOnline';
import type { ListFacts } from '../../sync/engine/door-protocol';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { downloadCsv, unsentFileName } from '../shared/download-csv';
import { useDoorEngine, useDoorStatus, useEngineAnswer } from '../hooks/useDoor';
import { lists as listWords, unsentWords } from '../shared/count-words';
import { t } from '../i18n/t';
import { forgetDevice } from './forget-device';
import { ForgetDeviceResult } from './ForgetDeviceResult';

/** Settings' "Forget this device's data": asked first, guarded for unsent check-ins, then proven. */
export function ForgetDeviceSection() {
  const [asking, setAsking] = useState(false);
  const [left, setLeft] = useState<DeviceStorage | null>(null);
  return (
    <>
      <p className="muted help">{t('forgetDeviceHelp')}</p>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        {t('forgetDevice')}
      </button>
      {asking && (
        <ForgetDeviceDialog
          onCancel={() => setAsking(false)}
          onDone={(found) => {
            setAsking(false);
            setLeft(found);
          }}
        />
      )}
      {left && <ForgetDeviceResult left={left} />}
    </>
  );
}

/**
 * The wipe's question: what goes, what is still unsent (asked again as sends land, so a door
 * that comes back online while it is open sees the guard lift), and the export before "anyway".
 */
export function ForgetDeviceDialog({
  onCancel,
  onDone,
}: {
  onCancel(): void;
  onDone(left: DeviceStorage): void;
}) {
  const engine = useDoorEngine();
  const { lists, pending, lastPushAt, elsewhere } = useDoorStatus();
  const online = useOnline();
  // Asked again when the open list's count or another list's changes (a send of either lands).
  const heldElsewhere = elsewhere.unsent + elsewhere.parked;
  const unsent = useEngineAnswer<ListFacts[] | null>(
    () => engine.unsentByList(),
    [engine, pending, lastPushAt, heldElsewhere],
    null,
  );
  const [exported, setExported] = useState(false);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const unsentTotal = unsent?.reduce((n, l) => n + l.unsent + l.unsentEnds, 0) ?? 0;

  const exportAll = async () => {
    for (const list of unsent ?? [])
      downloadCsv(unsentFileName(list.title), await engine.exportUnsent(list.slug));
    setExported(true);
  };
  const forget = async () => {
    setWorking(true);
    const result = await forgetDevice(engine, { confirmed: unsentTotal === 0 || exported });
    setWorking(false);
    if (result.ok) onDone(result.value);
    else setFailed(true);
  };

  return (
    <ConfirmDialog
      title={t('forgetDeviceTitle')}
      testId="forget-device"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" disabled={working} onClick={onCancel}>
            {t('pinCancel')}
          </button>
          {unsentTotal > 0 && (
            <button type="button" className="button button--primary" onClick={() => void exportAll()}>
              {t('listsExport')}
            </button>
          )}
          <button
            type="button"
            className="button button--danger-solid"
            disabled={unsent === null || working || (unsentTotal > 0 && !exported)}
            onClick={() => void forget()}
          >
            {working
              ? t('forgetDeviceWorking')
              : unsentTotal > 0
                ? t('forgetDeviceAnyway')
                : t('forgetDeviceConfirm')}
          </button>
        </>
      }
    >
      <p>{t('forgetDeviceDeletes')}</p>
      <ul className="dialog__facts">
        <li>{t('forgetDeviceLists', { lists: listWords(lists.length) })}</li>
        <li>{t('forgetDeviceOutbox')}</li>
        <li>{t('forgetDevicePasscode')}</li>
        <li>{t('forgetDeviceBuiltIn')}</li>
        <li>{t('forgetDeviceToken')}</li>
        <li>{t('forgetDeviceSettings')}</li>
        <li>{t('forgetDeviceCaches')}</li>
      </ul>
      {unsent === null ? (
        <p className="muted" role="status">
          {t('forgetDeviceChecking')}
        </p>
      ) : unsentTotal > 0 ? (
        <p className="field-error" data-testid="forget-device-unsent">
          {t('forgetDeviceUnsent', {
            unsent: unsentWords({
              unsent: unsent.reduce((n, l) => n + l.unsent, 0),
              unsentEnds: unsent.reduce((n, l) => n + l.unsentEnds, 0),
            }),
            lists: unsent.map((l) => l.title).join(', '),
          })}
        </p>
      ) : (
        <p className="muted">{t('forgetListNothingUnsent')}</p>
      )}
      {!online && <p className="field-error">{t('forgetDeviceOffline')}</p>}
      {failed && (
        <p className="field-error" role="alert">
          {t('forgetDeviceFailed')}
        </p>
      )}
    </ConfirmDialog>
  );
}

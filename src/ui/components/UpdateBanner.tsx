import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';

interface Props {
  onUpdate(): void;
}

/** Offers the waiting version; it is applied only on the person's tap, never mid-scan. */
export function UpdateBanner({ onUpdate }: Props) {
  // A scan's start and end are read only while a version waits: otherwise every verdict would
  // render the banner again (as nothing) in the verdict's own task.
  const { updateWaiting, scanInProgress } = useAppStore((s) => ({
    updateWaiting: s.shell.updateWaiting,
    scanInProgress: s.shell.updateWaiting && s.shell.scanInProgress,
  }));
  if (!updateWaiting) return null;
  return (
    <div className="banner" role="status">
      <span>{t('updateAvailable')}</span>
      <button type="button" className="button button--primary" disabled={scanInProgress} onClick={onUpdate}>
        {scanInProgress ? t('updateAfterScan') : t('updateAction')}
      </button>
    </div>
  );
}

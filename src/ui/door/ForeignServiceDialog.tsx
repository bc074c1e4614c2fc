import { ConfirmDialog } from '../components/ConfirmDialog';
import { t } from '../i18n/t';

/** Asked before a list is joined on a service this device has never used: nothing is downloaded yet. */
export function ForeignServiceDialog({
  origin,
  onJoin,
  onCancel,
}: {
  origin: string;
  onJoin(): void;
  onCancel(): void;
}) {
  const url = new URL(origin);
  return (
    <ConfirmDialog
      title={t('foreignServiceTitle')}
      tone="caution"
      testId="foreign-service"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('foreignServiceCancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onJoin}>
            {t('foreignServiceJoin')}
          </button>
        </>
      }
    >
      <p>{t('foreignServiceOn')}</p>
      <p className="dialog__host" data-testid="foreign-service-host">
        {url.host}
      </p>
      <p>{t('foreignServiceNew')}</p>
      {url.protocol === 'http:' && <p className="field-error">{t('foreignServiceInsecure')}</p>}
      <p className="muted">{t('foreignServiceWhy')}</p>
    </ConfirmDialog>
  );
}

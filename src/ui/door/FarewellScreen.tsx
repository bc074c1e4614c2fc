import type { Farewell } from '../../sync/engine/door-protocol';
import { formatDayAndClock } from '../format';
import { useDoorEngine } from '../hooks/useDoor';
import { t, tn } from '../i18n/t';

/** Why a revoked list left this device, until staff have read it (the door's home shows it). */
export function FarewellScreen({ farewell }: { farewell: Farewell }) {
  const engine = useDoorEngine();
  return (
    <section className="panel farewell" aria-labelledby="farewell-title" data-testid="farewell">
      <h1 id="farewell-title">{t('farewellTitle')}</h1>
      <p className="farewell__why">
        {tn('farewellText', farewell.sent, { time: formatDayAndClock(farewell.revokedAt) })}
      </p>
      <p className="muted">{t('farewellList', { title: farewell.listTitle })}</p>
      <button
        type="button"
        className="button button--primary button--large"
        onClick={() => void engine.dismissFarewell(farewell.deviceId)}
      >
        {t('farewellDone')}
      </button>
    </section>
  );
}

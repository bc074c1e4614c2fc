// On the door kit (screen only): what the printed QR code joins doors by. The list's own address
// joins anyone who has it, for good: a door joined that way cannot be revoked. A join code is
// limited in time and number, and every door it joins can be revoked from the Devices screen.
import { useState } from 'react';
import type { FleetClient, FleetScope, JoinCodeData } from '../../../api/fleet-client';
import { formatCount } from '../../format';
import { t } from '../../i18n/t';
import { formatInstant } from '../event-format';
import { useEventFormat } from '../event-format-context';
import { JoinCodeForm } from './JoinCodeForm';
import { groupedCode } from './join-code-words';
import './devices.css';

interface Props {
  /** Null when this connection has no fleet: the kit can only carry the list's address. */
  client: FleetClient | null;
  scope: FleetScope;
  list: { slug: string; title: string };
  codes: readonly JoinCodeData[];
  chosen: string | null;
  choose(id: string | null): void;
  putJoinCode(code: JoinCodeData): void;
}

export function KitCodeChoice({ client, scope, list, codes, chosen, choose, putJoinCode }: Props) {
  const format = useEventFormat();
  const [making, setMaking] = useState(false);
  const live = codes.filter(
    (c) => c.checkin_list.slug === list.slug && (c.state === 'live' || c.id === chosen),
  );
  if (!client)
    return (
      <p className="door-kit__screen-only kit-choice__note" data-testid="kit-slug-note">
        {t('kitSlugNoRevoke')} {t('kitCodesNeedServer')}
      </p>
    );
  return (
    <fieldset className="door-kit__screen-only fieldset kit-choice" data-testid="kit-choice">
      <legend>{t('kitJoinBy')}</legend>
      <label className="choice">
        <input type="radio" name="kit-join" checked={chosen === null} onChange={() => choose(null)} />
        <span>
          {t('kitJoinBySlug')} <span className="muted">{t('kitSlugNoRevoke')}</span>
        </span>
      </label>
      {live.map((code) => (
        <label key={code.id} className="choice">
          <input type="radio" name="kit-join" checked={chosen === code.id} onChange={() => choose(code.id)} />
          <span>
            {t('kitJoinByCode', { code: groupedCode(code.code) })}{' '}
            <span className="muted">
              {code.label ? `${code.label} · ` : ''}
              {t('codeJoined', {
                joined: formatCount(code.devices_joined),
                max: formatCount(code.max_devices),
              })}
              {' · '}
              {t('codeExpiresAt', { time: formatInstant(code.expires_at, format) })}
            </span>
          </span>
        </label>
      ))}
      {making ? (
        <JoinCodeForm
          lists={[list]}
          create={(code) => client.createJoinCode(scope, code)}
          onCreated={(code) => {
            putJoinCode(code);
            choose(code.id);
            setMaking(false);
          }}
        />
      ) : (
        <div className="org-actions">
          <button type="button" className="button" onClick={() => setMaking(true)}>
            {t('kitNewCode')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

// The event's doors as one fleet: every door live (asked every few seconds while the page is
// visible), the fleet in one line, the doors needing someone first, and the join codes that
// bring new doors in. Only through the app's own server (NeedsServer otherwise).
import { useState } from 'react';
import type { FleetClient, FleetScope } from '../../../api/fleet-client';
import { t, tn } from '../../i18n/t';
import { formatInstant } from '../event-format';
import { useEventFormat } from '../event-format-context';
import { scopedPath, useEventScope } from '../event-scope';
import { FailureNotice } from '../FailureNotice';
import { useAdminData } from '../hooks/useAdminData';
import { DoorCard } from './DoorCard';
import { attentionRank, sortDoors, summaryLine } from './door-figures';
import { JoinCodesPanel } from './JoinCodesPanel';
import { NeedsServer } from './NeedsServer';
import { FLEET_POLL_MS, useFleet } from './useFleet';
import { useFleetClient } from './useFleetClient';
import './devices.css';

export function DevicesScreen() {
  const scope = useEventScope();
  const access = useFleetClient();
  return (
    <section className="panel org-section devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devTitle')}</h2>
      {!scope || access.kind === 'checking' ? (
        <p className="muted">{t('orgLoading')}</p>
      ) : access.kind === 'ready' ? (
        <Fleet client={access.client} scope={scope} />
      ) : (
        <NeedsServer why={access} />
      )}
    </section>
  );
}

function Fleet({ client, scope }: { client: FleetClient; scope: FleetScope }) {
  const live = useFleet(client, scope);
  const format = useEventFormat();
  const [attentionOnly, setAttentionOnly] = useState(false);
  const lists = useAdminData(
    (admin) => admin.list(scopedPath(scope, 'checkin_lists'), 'checkin_lists', { pageSize: 100 }),
    `${scope.account}/${scope.event}/checkin_lists`,
  );
  const view = live.view;
  const listChoices = (lists.value?.records ?? []).map((r) => ({
    slug: String(r.slug ?? ''),
    title: String(r.title ?? r.slug ?? ''),
  }));
  const newest = view?.summary.newest_version ?? null;
  const doors = view ? sortDoors(view.devices, newest) : [];
  const needing = doors.filter((d) => attentionRank(d, newest) < 4);
  const shown = attentionOnly ? needing : doors;
  const actions = {
    identify: async (id: string) => {
      const result = await client.identify(scope, id);
      if (result.ok) live.putDevice(result.value);
      return result;
    },
    revoke: async (id: string) => {
      const result = await client.revokeDevice(scope, id);
      if (result.ok) live.putDevice(result.value);
      live.reload();
      return result;
    },
  };
  return (
    <>
      <p className="muted devices__status" data-testid="devices-status">
        {live.updatedAt
          ? t('devUpdated', {
              time: formatInstant(new Date(live.updatedAt).toISOString(), format, { timeStyle: 'medium' }),
              seconds: FLEET_POLL_MS / 1000,
            })
          : t('orgLoading')}
      </p>
      {live.failure ? <FailureNotice failure={live.failure} onRetry={live.reload} /> : null}
      {view ? (
        <>
          <p className="devices__summary" aria-live="polite" data-testid="devices-summary">
            {summaryLine(view)}
          </p>
          {doors.length > 0 ? (
            <>
              <div className="devices__tools">
                <label className="choice devices__filter">
                  <input
                    type="checkbox"
                    checked={attentionOnly}
                    onChange={(e) => setAttentionOnly(e.currentTarget.checked)}
                  />
                  {tn('devAttentionOnly', needing.length)}
                </label>
                {/* With forty doors the codes are far down: one step there. */}
                <a href="#join-codes-title">{t('codeTitle')}</a>
              </div>
              <ul className="doors" aria-label={t('devDoors')} data-testid="doors">
                {shown.map((device) => (
                  <DoorCard
                    key={device.id}
                    device={device}
                    now={view.now}
                    newestVersion={newest}
                    actions={actions}
                  />
                ))}
              </ul>
              {attentionOnly && needing.length === 0 ? <p className="org-empty">{t('devAllWell')}</p> : null}
            </>
          ) : (
            <p className="org-empty">{t('devNoDoors')}</p>
          )}
          {lists.failure ? <FailureNotice failure={lists.failure} onRetry={lists.reload} /> : null}
          <JoinCodesPanel
            client={client}
            scope={scope}
            codes={view.join_codes}
            lists={listChoices}
            putJoinCode={live.putJoinCode}
          />
        </>
      ) : null}
    </>
  );
}

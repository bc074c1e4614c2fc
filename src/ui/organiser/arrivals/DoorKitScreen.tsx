// A page to print per check-in list and leave at the door: its QR code, its web check-in
// address and a few lines for door staff. On screen it has a Print button; on paper only the
// kit shows (print CSS hides the app around it). With the app's server, the kit can carry a join
// code instead of the list's address (`?code=<id>`), so every door it joins can be revoked.
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AdminRecord } from '../../../api/admin-client';
import type { JoinCodeData } from '../../../api/fleet-client';
import { formattingLocale } from '../../i18n/i18n';
import { t } from '../../i18n/t';
import { joinCodeLinkWithSavedLayout, listLink } from '../badges/saved-layouts';
import { KitCodeChoice } from '../devices/KitCodeChoice';
import { groupedCode } from '../devices/join-code-words';
import { useFleet } from '../devices/useFleet';
import { useFleetClient } from '../devices/useFleetClient';
import { eventFormat, formatInstant } from '../event-format';
import { EventFormatContext } from '../event-format-context';
import { scopedHref } from '../event-scope';
import { QrImage } from '../QrImage';
import { useListAndEvent } from './useListAndEvent';
import './arrivals.css';

const STEPS = ['kitStep1', 'kitStep2', 'kitStep3', 'kitStep4', 'kitStep5'] as const;
/** The kit's codes need not be live to the second: a code made here is shown at once anyway. */
const KIT_POLL_MS = 30_000;

export function DoorKitScreen({ account, event, id }: { account: string; event: string; id: string }) {
  const scope = useMemo(() => ({ account, event }), [account, event]);
  const loaded = useListAndEvent(scope, id);
  const access = useFleetClient();
  const client = access.kind === 'ready' ? access.client : null;
  const fleet = useFleet(client, scope, KIT_POLL_MS);
  const [location, navigate] = useLocation();
  const chosen = new URLSearchParams(useSearch()).get('code');
  const eventRecord = loaded.ready ? loaded.event : null;
  const format = useMemo(
    () => (eventRecord ? eventFormat(eventRecord, formattingLocale()) : null),
    [eventRecord],
  );
  if (!loaded.ready) return loaded.notice;
  const record = loaded.list;
  const title = String(record.title ?? '');
  const slug = String(record.slug ?? '');
  const code = fleet.view?.join_codes.find((c) => c.id === chosen) ?? null;
  const choose = (next: string | null) =>
    navigate(next ? `${location}?code=${encodeURIComponent(next)}` : location, { replace: true });
  return (
    <EventFormatContext.Provider value={format}>
      <section className="panel org-section door-kit" aria-labelledby="door-kit-title">
        <div className="door-kit__screen-only org-actions">
          <Link href={scopedHref(scope, 'checkin_lists', id)}>{t('arrBack', { list: title })}</Link>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t('kitPrint')}
          </button>
        </div>
        <KitCodeChoice
          client={client}
          scope={scope}
          list={{ slug, title }}
          codes={fleet.view?.join_codes ?? []}
          chosen={chosen}
          choose={choose}
          putJoinCode={fleet.putJoinCode}
        />
        {code && code.state !== 'live' ? (
          <p className="org-failure door-kit__screen-only" role="alert">
            {t('kitCodeNotLive')}
          </p>
        ) : null}
        <h2 id="door-kit-title">{t('kitTitle', { list: title })}</h2>
        {loaded.event ? (
          <p className="door-kit__event">{t('kitEvent', { event: String(loaded.event.title ?? '') })}</p>
        ) : null}
        {code ? (
          <ByCode code={code} title={title} slug={slug} />
        ) : chosen && !fleet.view ? null : (
          <ByAddress record={record} />
        )}
        <h3>{t('kitStepsTitle')}</h3>
        <ol className="door-kit__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      </section>
    </EventFormatContext.Provider>
  );
}

function ByAddress({ record }: { record: AdminRecord }) {
  const title = String(record.title ?? '');
  // The address carries the list's badge layout, so a door joining by the kit prints it too.
  const address = listLink(record);
  return (
    <div className="door-kit__code">
      <QrImage value={address} label={t('kitQrLabel', { list: title })} size={320} />
      <div>
        <p className="door-kit__lead">{t('kitScan')}</p>
        <p>{t('kitAddress')}</p>
        <p className="door-kit__address" data-testid="door-kit-address">
          {address}
        </p>
      </div>
    </div>
  );
}

function ByCode({ code, title, slug }: { code: JoinCodeData; title: string; slug: string }) {
  // Like the list's address, the code's link carries the badge layout (beside the code).
  const link = joinCodeLinkWithSavedLayout(slug, code.link);
  return (
    <EventFormatContext.Consumer>
      {(format) => (
        <div className="door-kit__code" data-testid="door-kit-join-code">
          <QrImage value={link} label={t('kitQrLabel', { list: title })} size={320} />
          <div>
            <p className="door-kit__lead">{t('kitScan')}</p>
            <p>{t('kitAddress')}</p>
            <p className="door-kit__address" data-testid="door-kit-address">
              {link}
            </p>
            <p>{t('kitTypeCode')}</p>
            <p className="door-kit__typed code" data-testid="door-kit-code">
              {groupedCode(code.code)}
            </p>
            <p>
              {t('codeValidUntil', {
                time: formatInstant(code.expires_at, format),
                max: code.max_devices,
              })}
            </p>
          </div>
        </div>
      )}
    </EventFormatContext.Consumer>
  );
}

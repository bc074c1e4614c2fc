// One door as the organiser reads it before and during the event: heard from or silent, ready
// or what is red, its copy, what it still has to send, what it admitted and refused, its
// battery and storage; revoked doors say whether they have let go of the list yet.
import { Fragment } from 'react';
import type { DeviceData } from '../../../api/fleet-client';
import { formatAge, formatBytes, formatCount, formatShare } from '../../format';
import { t, tn } from '../../i18n/t';
import { formatInstant } from '../event-format';
import { useEventFormat } from '../event-format-context';
import { type DoorActionCalls, DoorButtons, DoorNotes, useDoorActions } from './DoorActions';
import {
  attentionRank,
  copyAge,
  copyWords,
  doorState,
  itemWords,
  readinessProblems,
  refusalsOf,
  refusalWords,
  silentFor,
} from './door-figures';

const CLOCK: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

interface Props {
  device: DeviceData;
  now: string;
  newestVersion: string | null;
  actions: DoorActionCalls;
}

export function DoorCard({ device, now, newestVersion, actions }: Props) {
  const format = useEventFormat();
  const state = doorState(device);
  const rank = attentionRank(device, newestVersion);
  const report = device.report;
  const titleId = `door-${device.id}`;
  const acting = useDoorActions(device, actions);
  const active = state !== 'revoked' && state !== 'forgotten';
  return (
    <li
      className={`door door--${state}${rank <= 1 ? ' door--alert' : rank <= 3 ? ' door--warn' : ''}`}
      aria-labelledby={titleId}
      data-testid="door"
    >
      <div className="door__head">
        <h3 id={titleId} className="door__name">
          {device.name}
        </h3>
        <span className={`door__state door__state--${state}`} data-testid="door-state">
          <StateWords device={device} now={now} />
        </span>
        {active ? <DoorButtons device={device} state={acting} /> : null}
      </div>
      {state === 'revoked' || state === 'forgotten' ? <Revoked device={device} /> : null}
      {report && state !== 'forgotten' && !isReady(device) ? <Readiness device={device} /> : null}
      {/* The door's facts flow as one text: three lines on a laptop, more on a phone. */}
      <div className="door__body">
        <p className="door__meta">
          <span>{device.checkin_list.title}</span>
          {report ? (
            <span className={report.app_version !== newestVersion && newestVersion ? 'door__old' : undefined}>
              {t('devVersion', { version: report.app_version })}
              {newestVersion && report.app_version !== newestVersion ? ` ${t('devVersionOld')}` : ''}
              {report.update_waiting ? ` ${t('devUpdateWaiting')}` : ''}
            </span>
          ) : null}
          {report && state !== 'forgotten' && isReady(device) ? (
            <span className="door__ready door__ready--ok">{t('devReady')}</span>
          ) : null}
        </p>
        {report && state !== 'forgotten' ? (
          <dl className="door__figures">
            <div>
              <dt>{t('devCopy')}</dt>
              <dd>
                {copyWords(report)}
                {report.copy.complete ? '' : ` ${t('devCopyIncomplete')}`}
                {t('devSummarySeparator')}
                <CopyAge device={device} now={now} />
              </dd>
            </div>
            <div className={report.unsent + report.parked > 0 ? 'door__figure--warn' : undefined}>
              <dt>{t('devToSend')}</dt>
              <dd data-testid="door-unsent">
                {report.unsent === 0 && report.parked === 0
                  ? t('devAllSent')
                  : [
                      report.unsent > 0 ? tn('devUnsent', report.unsent) : '',
                      report.parked > 0 ? tn('devParked', report.parked) : '',
                    ]
                      .filter(Boolean)
                      .join(t('devSummarySeparator'))}
              </dd>
            </div>
            <div>
              <dt>{t('devAdmissions')}</dt>
              <dd data-testid="door-admissions">
                <Admissions device={device} />
              </dd>
            </div>
            <div
              className={
                report.battery && report.battery.level < 0.2 && !report.battery.charging
                  ? 'door__figure--warn'
                  : undefined
              }
            >
              <dt>{t('devBattery')}</dt>
              <dd>{report.battery ? <Battery {...report.battery} /> : t('devUnknown')}</dd>
            </div>
            <div className={report.storage.persisted === false ? 'door__figure--warn' : undefined}>
              <dt>{t('devStorage')}</dt>
              <dd>
                {report.storage.persisted === null
                  ? t('devStorageUnknown')
                  : t(report.storage.persisted ? 'devStorageKept' : 'devStorageNotKept')}
                {report.storage.free_bytes !== null
                  ? `${t('devSummarySeparator')}${t('devStorageFree', { size: formatBytes(report.storage.free_bytes) })}`
                  : ''}
              </dd>
            </div>
          </dl>
        ) : null}
      </div>
      {!report && state !== 'forgotten' ? (
        <p className="muted">{t('devNoReport', { time: formatInstant(device.joined_at, format, CLOCK) })}</p>
      ) : null}
      {active ? <DoorNotes device={device} state={acting} /> : null}
    </li>
  );
}

function Battery({ level, charging }: { level: number; charging: boolean }) {
  const percent = formatShare(Math.round(level * 100) / 100, 1);
  return <>{charging ? t('devBatteryCharging', { percent }) : percent}</>;
}

function StateWords({ device, now }: { device: DeviceData; now: string }) {
  const format = useEventFormat();
  switch (doorState(device)) {
    case 'online':
      return <>{t('devOnline')}</>;
    case 'never-seen':
      return <>{t('devNeverSeen')}</>;
    case 'silent':
      return (
        <>
          {t('devSilentSince', {
            time: formatInstant(device.last_seen_at, format, CLOCK),
            duration: formatAge(silentFor(device, now) ?? 0),
          })}
        </>
      );
    case 'revoked':
      return <>{t('devRevoked')}</>;
    case 'forgotten':
      return <>{t('devForgotten')}</>;
  }
}

/** Ready, with nothing red or amber: the one word on the meta line is enough. */
function isReady(device: DeviceData): boolean {
  const report = device.report;
  if (!report) return false;
  const { red, amber } = readinessProblems(report);
  return report.readiness.ready && red.length === 0 && amber.length === 0;
}

function Readiness({ device }: { device: DeviceData }) {
  const report = device.report;
  if (!report) return null;
  const { red, amber } = readinessProblems(report);
  return (
    <p
      className={`door__ready ${red.length > 0 || !report.readiness.ready ? 'door__ready--red' : 'door__ready--amber'}`}
    >
      <strong>{report.readiness.ready ? t('devReadyBut') : t('devNotReady')}</strong>{' '}
      {/* A space between items, so they are read (and copied) as separate words. */}
      {red.map((id) => (
        <Fragment key={id}>
          <span className="door__item door__item--red">{t('devItemRed', { item: itemWords(id) })}</span>{' '}
        </Fragment>
      ))}
      {amber.map((id) => (
        <Fragment key={id}>
          <span className="door__item door__item--amber">
            {t('devItemAmber', { item: itemWords(id) })}
          </span>{' '}
        </Fragment>
      ))}
    </p>
  );
}

function CopyAge({ device, now }: { device: DeviceData; now: string }) {
  const age = copyAge(device, now);
  return (
    <span className="muted">
      {age === null ? t('devCopyNever') : t('devCopyAge', { age: formatAge(age) })}
    </span>
  );
}

function Admissions({ device }: { device: DeviceData }) {
  const report = device.report;
  if (!report) return null;
  const refusals = refusalsOf(report);
  return (
    <>
      {t('devAdmitted', { admitted: formatCount(report.admissions), refused: formatCount(refusals.total) })}
      {refusals.byReason.length > 0 ? (
        <span className="door__reasons">
          {' ('}
          {refusals.byReason
            .map(([reason, n]) => t('devRefusalReason', { reason: refusalWords(reason), n: formatCount(n) }))
            .join(t('devSummarySeparator'))}
          {')'}
        </span>
      ) : null}
    </>
  );
}

function Revoked({ device }: { device: DeviceData }) {
  const format = useEventFormat();
  return (
    <p className="door__revoked" data-testid="door-revoked">
      {t('devRevokedAt', { time: formatInstant(device.revoked_at, format, CLOCK) })}{' '}
      {device.forgotten_at
        ? t('devForgottenAt', { time: formatInstant(device.forgotten_at, format, CLOCK) })
        : t('devNotYetForgotten')}
      {device.checkins_after_revocation > 0 ? (
        <>
          {' '}
          <strong>{tn('devAfterRevocation', device.checkins_after_revocation)}</strong>
        </>
      ) : null}
    </p>
  );
}

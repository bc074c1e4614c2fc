// The overview's three summaries: sales per release, registrations by state, check-in progress.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { formatCount } from '../format';
import { type MessageKey, t } from '../i18n/t';
import type { EventFormat } from './event-format';
import { formatMoney } from './event-format';
import { eventSale, priceWords, type ReleaseLine, saleWords, summariseReleases } from './event-overview';
import { scopedHref, useEventScope } from './event-scope';
import { FailureNotice } from './FailureNotice';
import type { AdminData } from './hooks/useAdminData';
import {
  type Collected,
  PAYMENT_STATES,
  REGISTRATION_STATES,
  type RegistrationCounts,
} from './overview-data';

/** A release's figures in the sales table, each under its heading (its label when the table stacks). */
const FIGURES = ['ovPrice', 'ovSold', 'ovAvailable', 'ovRevenue'] as const satisfies readonly MessageKey[];

function figures(line: ReleaseLine, format: EventFormat | null): Record<(typeof FIGURES)[number], string> {
  return {
    ovPrice: priceWords(line, format),
    ovSold: formatCount(line.sold),
    ovAvailable: line.available === null ? t('ovUnlimited') : formatCount(line.available),
    ovRevenue: formatMoney(line.revenue ?? 0, format),
  };
}

function ReleaseRow({ line, format }: { line: ReleaseLine; format: EventFormat | null }) {
  const values = figures(line, format);
  return (
    <tr>
      <th scope="row">
        <TitleLink resource="releases" id={line.slug} title={line.title} />
      </th>
      <td data-label={t('ovSale')} className="ov-releases__sale">
        {saleWords(line.sale, format)}
        {line.secret ? `, ${t('ovSecret')}` : ''}
      </td>
      {FIGURES.map((key) => (
        <td key={key} className="org-num" data-label={t(key)}>
          {values[key]}
        </td>
      ))}
    </tr>
  );
}

/**
 * One summary: its heading, with "Manage" leading to the resource's screen when the event is
 * known, then its figures once loaded (or what stopped them).
 */
function Summary<T>({
  id,
  heading,
  resource,
  manage,
  data,
  className,
  children,
}: {
  id: string;
  heading: ReactNode;
  resource: string;
  manage: MessageKey;
  data: AdminData<T>;
  className?: string;
  children: ReactNode;
}) {
  const scope = useEventScope();
  return (
    <section className={className ? `org-subsection ${className}` : 'org-subsection'} aria-labelledby={id}>
      <div className="org-heading">
        <h3 id={id}>{heading}</h3>
        {scope ? (
          <Link href={scopedHref(scope, resource)} aria-label={t(manage)}>
            {t('ovManage')}
          </Link>
        ) : null}
      </div>
      <Loading data={data} />
      {children}
    </section>
  );
}

/** An item's title, a link to it when the event is known. */
function TitleLink({ resource, id, title }: { resource: string; id: string; title: string }) {
  const scope = useEventScope();
  return scope ? <Link href={scopedHref(scope, resource, id)}>{title}</Link> : title;
}

function Loading<T>({ data }: { data: AdminData<T> }) {
  if (data.failure) return <FailureNotice failure={data.failure} onRetry={data.reload} />;
  if (data.loading && !data.value) return <p className="muted">{t('orgLoading')}</p>;
  return null;
}

export function ReleaseSales({
  event,
  data,
  format,
}: {
  event: AdminRecord;
  data: AdminData<Collected>;
  format: EventFormat | null;
}) {
  const collected = data.value;
  const summary = collected ? summariseReleases(collected.records, Date.now()) : null;
  const sale = summary ? eventSale(event, summary, format) : null;
  return (
    <Summary
      id="ov-sales-title"
      resource="releases"
      manage="ovManageReleases"
      data={data}
      className="ov-sales"
      heading={t('ovSales')}
    >
      {summary && sale ? (
        <>
          <p className="ov-sale" data-testid="overview-sale">
            <span className={`pill ${sale.onSale ? 'ov-pill--on' : 'ov-pill--off'}`}>{sale.headline}</span>{' '}
            {sale.reason}
          </p>
          <dl className="ov-totals">
            <div>
              <dt>{t('ovTicketsSold')}</dt>
              <dd data-testid="overview-sold">{formatCount(summary.sold)}</dd>
            </div>
            <div>
              <dt>{t('ovTicketsLeft')}</dt>
              <dd data-testid="overview-left">
                {summary.available === null ? t('ovUnlimited') : formatCount(summary.available)}
              </dd>
            </div>
            <div>
              <dt>{t('ovRevenueGross')}</dt>
              <dd data-testid="overview-revenue">{formatMoney(summary.revenue, format)}</dd>
            </div>
          </dl>
          {collected && !collected.complete ? (
            <p className="muted">{t('ovFirstOf', { n: collected.records.length, total: collected.total })}</p>
          ) : null}
          {summary.lines.length > 0 ? (
            <div className="org-table-wrap">
              <table className="org-table ov-releases" data-testid="overview-releases">
                <caption className="visually-hidden">{t('ovSales')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ovRelease')}</th>
                    <th scope="col">{t('ovSale')}</th>
                    {FIGURES.map((key) => (
                      <th key={key} scope="col" className="org-num">
                        {t(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {summary.lines.map((line) => (
                    <ReleaseRow key={line.slug} line={line} format={format} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </Summary>
  );
}

export function RegistrationStates({ data }: { data: AdminData<RegistrationCounts> }) {
  const counts = data.value;
  return (
    <Summary
      id="ov-registrations-title"
      resource="registrations"
      manage="ovManageRegistrations"
      data={data}
      heading={
        <>
          {t('ovRegistrations')}
          {counts?.all !== null && counts?.all !== undefined ? (
            <span className="muted ov-aside">
              {' '}
              · {t('ovRegistrationsAll', { n: formatCount(counts.all) })}
            </span>
          ) : null}
        </>
      }
    >
      {counts ? (
        <dl className="ov-totals" data-testid="overview-registrations">
          {[...REGISTRATION_STATES, ...PAYMENT_STATES].map((state) => (
            <div key={state} className={state === 'paid' ? 'ov-totals__break' : undefined}>
              <dt>{t(`ovState_${state}`)}</dt>
              <dd data-state={state}>{formatCount(counts.byState[state])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Summary>
  );
}

export function CheckinProgress({ data }: { data: AdminData<Collected> }) {
  const lists = data.value?.records ?? [];
  return (
    <Summary
      id="ov-lists-title"
      resource="checkin_lists"
      manage="ovManageLists"
      data={data}
      heading={t('ovCheckinLists')}
    >
      {data.value && lists.length === 0 ? <p className="org-empty">{t('ovNoCheckinLists')}</p> : null}
      {lists.length > 0 ? (
        <ul className="ov-lists" data-testid="overview-lists">
          {lists.map((list) => {
            const checked = Number(list.checked_in_count ?? 0);
            const total = Number(list.tickets_count ?? 0);
            const words = t('ovListProgress', { checked: formatCount(checked), total: formatCount(total) });
            const slug = String(list.slug ?? list.id);
            return (
              <li key={slug}>
                <div className="ov-list__head">
                  <TitleLink resource="checkin_lists" id={slug} title={String(list.title ?? slug)} />
                  {list.expired === true || list.state === 'expired' ? (
                    <span className="muted"> ({t('ovExpired')})</span>
                  ) : null}
                  <span className="ov-list__words">{words}</span>
                </div>
                <progress
                  max={Math.max(total, 1)}
                  value={Math.min(checked, Math.max(total, 1))}
                  aria-label={words}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </Summary>
  );
}

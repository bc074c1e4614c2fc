// The event's join codes on the Devices screen: make one for a list, see it at once (QR code,
// link, code), and every code's state below.
import { useState } from 'react';
import type { FleetClient, FleetScope, JoinCodeData } from '../../../api/fleet-client';
import { Link } from 'wouter';
import { t } from '../../i18n/t';
import { scopedHref } from '../event-scope';
import { JoinCodeForm } from './JoinCodeForm';
import { JoinCodeList } from './JoinCodeList';
import { JoinCodeShown } from './JoinCodeShown';

interface Props {
  client: FleetClient;
  scope: FleetScope;
  codes: readonly JoinCodeData[];
  lists: readonly { slug: string; title: string }[];
  putJoinCode(code: JoinCodeData): void;
}

export function JoinCodesPanel({ client, scope, codes, lists, putJoinCode }: Props) {
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = codes.find((c) => c.id === shownId && c.state === 'live') ?? null;
  return (
    <section className="devices__codes" aria-labelledby="join-codes-title">
      <h3 id="join-codes-title">{t('codeTitle')}</h3>
      <p className="muted">{t('codeIntro')}</p>
      <JoinCodeForm
        lists={lists}
        create={(code) => client.createJoinCode(scope, code)}
        onCreated={(code) => {
          putJoinCode(code);
          setShownId(code.id);
        }}
      />
      {shown ? (
        <div className="devices__shown">
          <JoinCodeShown code={shown} />
          <Link
            href={`${scopedHref(scope, 'checkin_lists', shown.checkin_list.slug, 'door-kit')}?code=${encodeURIComponent(shown.id)}`}
            className="button"
          >
            {t('codePrintKit')}
          </Link>
        </div>
      ) : null}
      <JoinCodeList
        codes={codes}
        shownId={shownId}
        onShow={setShownId}
        revoke={async (id) => {
          const result = await client.revokeJoinCode(scope, id);
          if (result.ok) putJoinCode(result.value);
          return result;
        }}
      />
    </section>
  );
}

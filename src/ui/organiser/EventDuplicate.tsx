// Duplicating an event is a job: the service answers "processing", then the copy appears.
import { t } from '../i18n/t';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { type EventScope, scopedPath } from './event-scope';
import { FailureNotice } from './FailureNotice';
import { useAdminClient } from './hooks/useAdminClient';
import { useSubmit } from './hooks/useSubmit';

export function EventDuplicate({ scope }: { scope: EventScope }) {
  const { client } = useAdminClient();
  const write = useSubmit();
  const [job, setJob] = useState<AdminRecord | null>(null);
  const path = scopedPath(scope, 'duplication');

  useEffect(() => {
    if (!client || !job || job.status === 'complete') return;
    const timer = setTimeout(async () => {
      const result = await client.get(path, 'duplication');
      if (result.ok) setJob(result.value);
    }, 1000);
    return () => clearTimeout(timer);
  }, [client, job, path]);

  const start = async () => {
    const result = await write.run((c) => c.action('POST', path));
    if (result !== undefined) setJob(result ?? { status: 'processing' });
  };

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={start}
        disabled={write.busy || job?.status === 'processing'}
      >
        {t('orgDuplicate')}
      </button>
      {job ? (
        <p className="org-job" role="status">
          {job.status === 'complete' && job.slug ? (
            <>
              {t('orgCopyReady')}{' '}
              <Link
                href={`/events/${encodeURIComponent(scope.account)}/${encodeURIComponent(String(job.slug))}`}
              >
                {String(job.title ?? job.slug)}
              </Link>
            </>
          ) : (
            t('orgDuplicating')
          )}
        </p>
      ) : null}
      {write.failure ? <FailureNotice failure={write.failure} /> : null}
    </>
  );
}

// The tickets export reads every ticket: it asks for each state the service has, so the
// default selection (which hides void tickets and those of archived releases) hides nothing.
// Against the mock service's real handler, seeded with the demo event.
import { describe, expect, it } from 'vitest';
import { createAdminClient, eventPath } from '../../../src/api/admin-client';
import { listAllPages } from '../../../src/api/admin-export';
import { DEMO_ACCOUNT, DEMO_EVENT } from '../../../src/mock-api/seed/demo';
import { exportQuery } from '../../../src/ui/organiser/arrivals/ExportButton';
import { resourceByKey } from '../../../src/ui/organiser/resource-list';
import { createTestService } from '../../mock-api/support';

describe('the tickets export', () => {
  it('includes void tickets and those of archived releases', async () => {
    const token = 'organiser-export-token';
    const { service, store } = createTestService({
      seed: { name: 'demo', tickets: 300 },
      tokens: [{ token, mode: 'live', version: '3.1', accounts: [DEMO_ACCOUNT] }],
    });
    await service.ready;
    const client = createAdminClient({
      baseUrl: 'http://mock.test/v3',
      token,
      fetch: (r) => service.handle(r),
    });
    const tickets = resourceByKey('tickets');
    if (!tickets) throw new Error('no tickets resource');
    const path = eventPath(DEMO_ACCOUNT, DEMO_EVENT, 'tickets');
    // An archived release's tickets are hidden by default too.
    const archive = await client.action(
      'POST',
      eventPath(DEMO_ACCOUNT, DEMO_EVENT, 'releases', 'student', 'archival'),
    );
    expect(archive.ok).toBe(true);

    const first = await client.list(path, 'tickets', { pageSize: 1 });
    if (!first.ok) throw new Error(first.reason);
    const { total_count: shownByDefault, overall_total: all } = first.value.meta;
    expect(shownByDefault).toBeLessThan(all ?? 0);

    const query = exportQuery(tickets);
    expect(query.states).toEqual(expect.arrayContaining(['void', 'archived']));
    const exported = await listAllPages(client, path, 'tickets', query);
    if (!exported.ok) throw new Error(exported.reason);
    expect(exported.value).toHaveLength(all ?? -1);
    const live = store.all('tickets').filter((t) => !t.test_mode);
    expect(exported.value.map((t) => t.id).sort()).toEqual(live.map((t) => t.id).sort());
    expect(exported.value.some((t) => t.state === 'void')).toBe(true);
  });

  it('the Tickets screen starts from the service’s own default selection', () => {
    const states = resourceByKey('tickets')?.states;
    expect(states?.defaults).toEqual([
      'complete',
      'incomplete',
      'unassigned',
      'changes_locked',
      'changes_allowed',
    ]);
    expect(states?.values).toEqual(expect.arrayContaining([...(states?.defaults ?? []), 'void', 'archived']));
  });
});

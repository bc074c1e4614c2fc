// One `page` rule for both APIs: the Check-in API's `page`, the Admin API's `page[number]` and
// its `page` shorthand. Absent or empty: page 1. A whole number from 1: that page (past the
// end: an empty page). Zero, negative, fractional or not a number: 400 naming the parameter,
// in each API's error shape, the same on both.
import { describe, expect, it } from 'vitest';
import { LIST, checkinFixture } from '../checkin/fixture';
import { call } from '../support';

const BAD = ['0', '-1', '-0', '1.5', 'abc', '1e3', ' 2x', '%00'];

describe('one page rule for both APIs', () => {
  it('answers the same on the Check-in API and the Admin API for every kind of page value', async () => {
    const { service } = await checkinFixture();
    const checkin = (page: string) =>
      call(service, 'GET', `/checkin/checkin_lists/${LIST}/tickets?page=${page}`, { token: null });
    const admin = (param: string, page: string) =>
      call(service, 'GET', `/v3/acme/conf-2026/releases?${param}=${page}`, { token: 'live31' });
    for (const page of BAD) {
      const a = await checkin(page);
      expect({ page, status: a.status, body: a.body }).toEqual({
        page,
        status: 400,
        body: { status: 400, message: 'page must be a whole number from 1' },
      });
      for (const param of ['page[number]', 'page']) {
        const b = await admin(param, page);
        expect({ page, param, status: b.status, message: b.body?.message }).toEqual({
          page,
          param,
          status: 400,
          message: `${param} must be a whole number from 1`,
        });
      }
    }
    for (const page of ['', '1', '01']) {
      expect((await checkin(page)).status).toBe(200);
      const b = await admin('page[number]', page);
      expect(b.status).toBe(200);
      expect(b.body.meta.current_page).toBe(1);
    }
    expect((await checkin('99')).body).toEqual([]);
    expect((await admin('page', '99')).body.releases).toEqual([]);
  });
});

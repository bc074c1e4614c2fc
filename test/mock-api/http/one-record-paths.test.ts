// A path names one record or none: the text of an id or slug is the record it names, never
// another by some reading of it. Leading zeros, a sign, an exponent or hex, another case, `+`
// or a space in a slug, and an encoded separator all answer 404 and change nothing; a `.json`
// suffix and a percent-encoded ordinary character read as the router reads them (the same
// record); a release titled with digits gets a slug no id can share.
import { describe, expect, it } from 'vitest';
import { makeCheckinList, makeRegistration, makeTicket, serviceWithBasics } from '../factories';
import { call } from '../support';

async function fixture() {
  const t = await serviceWithBasics();
  const { registration, list } = await t.service.write(() => {
    const registration = makeRegistration(t.ctx, t.event);
    makeTicket(t.ctx, registration, t.release);
    const list = makeCheckinList(t.ctx, t.event);
    return { registration, list };
  });
  return { ...t, registration, list };
}

const E = '/v3/acme/conf-2026';

describe('a path names one record or none', () => {
  it('reads ids only as their digits are written', async () => {
    const t = await fixture();
    const id = t.release.id;
    expect((await call(t.service, 'GET', `${E}/releases/${id}`)).body.release.id).toBe(id);
    for (const key of [
      `0${id}`,
      `+${id}`,
      `${id}.0`,
      `${id}e0`,
      `0x${id.toString(16)}`,
      `%20${id}`,
      `${id}%20`,
    ]) {
      const answer = await call(t.service, 'GET', `${E}/releases/${key}`);
      expect({ key, status: answer.status }).toEqual({ key, status: 404 });
    }
    const before = t.store.count('releases');
    for (const key of [`0${id}`, `+${id}`]) {
      expect((await call(t.service, 'DELETE', `${E}/releases/${key}`)).status).toBe(404);
      expect((await call(t.service, 'DELETE', `${E}/checkin_lists/0${t.list.id}`)).status).toBe(404);
      expect((await call(t.service, 'DELETE', `${E}/registrations/0${t.registration.id}`)).status).toBe(404);
    }
    expect(t.store.count('releases')).toBe(before);
    expect(t.store.count('checkin_lists')).toBe(1);
    expect(t.store.count('registrations')).toBe(1);
  });

  it('never folds case, nor reads `+` or a space into a slug', async () => {
    const t = await fixture();
    const slug = t.release.slug ?? '';
    expect((await call(t.service, 'GET', `${E}/releases/${slug}`)).status).toBe(200);
    for (const path of [
      `${E}/releases/${slug.toUpperCase()}`,
      `/v3/ACME/conf-2026/releases/${slug}`,
      `/v3/acme/CONF-2026/releases/${slug}`,
      `/V3/acme/conf-2026/releases/${slug}`,
      `/v3/acme/conf+2026/releases/${slug}`,
      `/v3/acme/conf%202026/releases/${slug}`,
      `/checkin/checkin_lists/${t.list.slug.toUpperCase()}`,
      `/checkin/checkin_lists/${t.list.slug}%2Ftickets`,
      `${E}/releases%2F${slug}`,
    ]) {
      const answer = await call(t.service, 'GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
  });

  it('reads a `.json` suffix and an encoded ordinary character as the router does', async () => {
    const t = await fixture();
    const slug = t.release.slug ?? '';
    const clean = await call(t.service, 'GET', `${E}/releases/${t.release.id}`);
    for (const path of [`${E}/releases/${t.release.id}.json`, `/v3/acme/conf%2D2026/releases/${slug}`]) {
      const answer = await call(t.service, 'GET', path);
      expect({ path, id: answer.body.release?.id }).toEqual({ path, id: clean.body.release.id });
    }
    // `..json` is `..` asking for JSON: no record is called that.
    expect((await call(t.service, 'DELETE', `${E}/releases/..json`)).status).toBe(404);
    expect((await call(t.service, 'GET', E)).status).toBe(200);
  });

  it('gives a release titled with digits a slug that no id can be', async () => {
    const t = await fixture();
    const made = await call(t.service, 'POST', `${E}/releases`, {
      body: { release: { title: String(t.release.id) } },
    });
    expect(made.status).toBe(201);
    expect(made.body.release.slug).not.toMatch(/^\d+$/);
    const byId = await call(t.service, 'GET', `${E}/releases/${t.release.id}`);
    expect(byId.body.release.id).toBe(t.release.id);
  });
});

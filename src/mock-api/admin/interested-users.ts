// Admin API: interested users (document 1): people waiting to hear about ticket sales.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { ofEvent } from '../http/scope';
import { Attributes } from '../http/validation';
import type { InterestedUser } from '../model/interested-user';
import { type Presenter, presenter } from './presenter';
import { at } from './scope';

const EMAIL = /^[^@\s]+@[^@\s]+$/;

function interestedUserRecord(p: Presenter, user: InterestedUser): Record<string, unknown> {
  return {
    _type: 'interested_user',
    id: user.id,
    name: user.name,
    email: user.email,
    created_at: at(p, user.created_at),
    updated_at: at(p, user.updated_at),
  };
}

function findUser(c: AdminContext, p: Presenter): InterestedUser {
  const id = Number(c.req.param('interested_user_id'));
  return ofEvent(p.event, Number.isSafeInteger(id) ? p.ctx.store.get('interested_users', id) : undefined);
}

function readUser(
  raw: Record<string, unknown>,
  creating: boolean,
): Partial<Pick<InterestedUser, 'email' | 'name'>> {
  const attrs = new Attributes(raw);
  const patch: Partial<Pick<InterestedUser, 'email' | 'name'>> = {};
  const email = attrs.string('email');
  if (creating || email !== undefined) attrs.required('email', email);
  if (email) {
    if (EMAIL.test(email.trim())) patch.email = email.trim();
    else attrs.errors.add('email', 'is invalid');
  }
  const name = attrs.string('name');
  if (name !== undefined) patch.name = name || null;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerInterestedUsers(app: AdminApp, ctx: ServiceContext): void {
  const base = '/:account_slug/:event_slug/interested_users';

  app.get(base, (c) => {
    const p = presenter(c, ctx, 'list');
    const rows = ctx.store.findBy('interested_users', 'byEvent', p.event.id);
    return pagedListResponse(c, 'interested_users', rows, (u) => interestedUserRecord(p, u), {
      overallTotal: rows.length,
      expandable: {},
    });
  });

  app.get(`${base}/:interested_user_id`, (c) => {
    const p = presenter(c, ctx, 'record');
    return recordResponse(c, 'interested_user', interestedUserRecord(p, findUser(c, p)), { expandable: {} });
  });

  app.post(base, async (c) => {
    const p = presenter(c, ctx, 'record');
    const patch = readUser(await readAttributes(c.req.raw, 'interested_user'), true);
    const now = p.now.toISOString();
    const user = ctx.store.insert('interested_users', {
      event_id: p.event.id,
      email: '',
      name: null,
      ...patch,
      created_at: now,
      updated_at: now,
    });
    return recordResponse(c, 'interested_user', interestedUserRecord(p, user), { status: 201 });
  });

  app.patch(`${base}/:interested_user_id`, async (c) => {
    const p = presenter(c, ctx, 'record');
    const user = findUser(c, p);
    const patch = readUser(await readAttributes(c.req.raw, 'interested_user'), false);
    const updated = ctx.store.update('interested_users', user.id, {
      ...patch,
      updated_at: p.now.toISOString(),
    });
    return recordResponse(c, 'interested_user', interestedUserRecord(p, updated));
  });

  app.delete(`${base}/:interested_user_id`, (c) => {
    const p = presenter(c, ctx, 'record');
    ctx.store.delete('interested_users', findUser(c, p).id);
    return noContent();
  });
}

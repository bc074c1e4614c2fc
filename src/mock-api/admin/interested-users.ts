// Admin API: interested users (document 1): people waiting to hear about ticket sales.
import type { AdminApp, ServiceContext } from '../context';
import { Attributes } from '../http/validation';
import type { InterestedUser } from '../model/interested-user';
import { byId, registerCrud } from './crud';
import type { Presenter } from './presenter';
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
  registerCrud(app, ctx, {
    table: 'interested_users',
    singular: 'interested_user',
    param: 'interested_user_id',
    find: byId('interested_users'),
    read: (_p, raw, current) => readUser(raw, current === null),
    create: (p, patch, now) => ({
      event_id: p.event.id,
      email: '',
      name: null,
      ...patch,
      created_at: now,
      updated_at: now,
    }),
    view: interestedUserRecord,
    expandable: [],
    list: (_p, all) => ({ rows: all }),
  });
}

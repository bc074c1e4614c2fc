import type { AdminData } from './useAdminData';
import { useAdminData } from './useAdminData';
import { useAdminClient } from './useAdminClient';
import type { Hello } from '../../../api/admin-client';

/** Who the token belongs to: mode (live/test) and accounts. */
export function useHello(): AdminData<Hello> {
  const { client } = useAdminClient();
  return useAdminData((c) => c.hello(), `hello#${helloKey(client)}`);
}

const keys = new WeakMap<object, number>();
let next = 0;
function helloKey(client: object | null): number {
  if (!client) return -1;
  let key = keys.get(client);
  if (key === undefined) {
    key = ++next;
    keys.set(client, key);
  }
  return key;
}

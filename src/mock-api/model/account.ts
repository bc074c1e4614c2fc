import { defineIndex } from '../store/indexes';

export interface Account {
  id: number;
  slug: string;
  name: string;
  /** Not kept by older data; answered as null then. */
  description?: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    accounts: Account;
  }
}

defineIndex('accounts', 'bySlug', (a) => a.slug);

import { defineIndex } from '../store/indexes';

export type Mode = 'live' | 'test';
export type ApiVersion = '3.0' | '3.1';

/** A secret Admin API token: it fixes the mode and the version of every request made with it. */
export interface ApiToken {
  id: number;
  token: string;
  mode: Mode;
  version: ApiVersion;
  account_slugs: string[];
  created_at: string;
  revoked_at: string | null;
  /** Set on tokens handed out by the organiser's sign-in link, which the start banner never prints. */
  issued_by?: 'sign-in-link';
}

declare module '../store/tables' {
  interface Tables {
    api_tokens: ApiToken;
  }
}

defineIndex('api_tokens', 'byToken', (t) => t.token);

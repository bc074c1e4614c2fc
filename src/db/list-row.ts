// The builder of a list's row from the service's answer: the one place a list row is made
// (a join, and every pull that GETs the list). `joinedAt` is this device's, kept across pulls, and
// so is `directBaseUrl` (the service behind a relay).
import type { RemoteList } from '../api/schemas';
import type { ListRow } from './rows';

export function listRowFrom(
  remote: RemoteList,
  baseUrl: string,
  joinedAt: number,
  directBaseUrl?: string | null,
): ListRow {
  return {
    slug: remote.slug,
    baseUrl,
    ...(directBaseUrl ? { directBaseUrl } : {}),
    id: remote.id,
    title: remote.title,
    eventTitle: remote.eventTitle,
    accountName: remote.accountName,
    expiresAt: remote.expiresAt,
    showCompanyName: remote.showCompanyName,
    showEmail: remote.showEmail,
    showPhoneNumber: remote.showPhoneNumber,
    ticketsCount: remote.ticketsCount,
    checkinsCount: remote.checkinsCount,
    answersCount: remote.answersCount,
    questionsCount: remote.questionsCount,
    pages: remote.pages,
    joinedAt,
  };
}

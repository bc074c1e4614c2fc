// How each table's personal data is kept sealed: the one place rows are sealed before they are
// written and opened after they are read, so nothing above src/db/ sees a sealed value.
// Guarantees:
// - Each sealed value's place is its row's identity (table, list, key): a value moved to
//   another row throws `SealBroken` when read there, never gives another ticket's data.
// - A page of answers is sealed as one value (one seal and one open a page, never one an item),
//   its answers as columns (answer-columns.ts: under IndexedDB's blob-file threshold);
//   a page of tickets as slices of a hundred (sealed-slices.ts), each framed inside its seal
//   (page-frame.ts), so a keyed read opens one slice and parses only the tickets it wants; a
//   ticket page stored whole, framed or not, opens as it is. A ticket or answer changed since
//   is sealed alone.
// - Codes an index needs are kept as the box's keyed digests, each with its own prefix, so equal
//   digests say nothing across kinds of code and nothing without the key.
// - A reader of a sealed table refuses a plain row (`SealBroken`): the copy is sealed whole before
//   a list opens (seal-copy.ts), so a plain row there was put by something other than this app.
import type { RemoteAnswer, RemoteTicket } from '../../api/schemas';
import { orderReferenceOf } from '../../domain/order';
import type { PageCodes, PageCodesRow, StoredPageCodesRow, TicketKeys } from '../page-codes';
import type {
  AuditRow,
  CorrectionRow,
  PageRow,
  Resource,
  Sealed,
  SealedAnswerRow,
  SealedAuditRow,
  SealedCorrectionRow,
  SealedTicketRow,
  StoredAnswerRow,
  StoredAuditRow,
  StoredCorrectionRow,
  StoredPageRow,
  StoredTicketRow,
} from '../rows';
import { frameTickets, type OpenedPage, openedItems, openedPlain } from './page-frame';
import { utf8Scratch } from './utf8-after';
import { isSealedValue, type SealBox, SealBroken } from './seal-box';
import { answerColumns, answersFromColumns } from './answer-columns';

/** Whether a stored row holds its personal data sealed. */
export const isSealed = (row: object): row is { sealed: Sealed } =>
  'sealed' in row && isSealedValue(row.sealed);

/** Resources whose first-download pages name attendees (check-in pages hold ids and times). */
export const sealsPages = (resource: Resource) => resource !== 'checkins';

const pagePlace = (slug: string, resource: string, page: number) => `pages|${slug}|${resource}|${page}`;
// A sliced page's codes (their items with them) are sealed to a place of their own: the mark
// cannot be flipped, nor one kind of codes read as the other.
const codesPlace = (slug: string, resource: string, page: number, sliced = false) =>
  `pageCodes|${slug}|${resource}|${page}${sliced ? '|sliced' : ''}`;
const ticketPlace = (slug: string, id: number) => `tickets|${slug}|${id}`;
const answerPlace = (slug: string, id: number) => `answers|${slug}|${id}`;
const auditPlace = (row: { listSlug: string; at: number; id: string }) =>
  `audit|${row.listSlug}|${row.at}|${row.id}`;
const correctionPlace = (row: { listSlug: string; at: number; code: string }) =>
  `corrections|${row.listSlug}|${row.at}|${row.code}`;

/** The digests the tickets table's indexes hold, one kind of code each. */
export const slugDigest = (box: SealBox, slug: string) => box.digest(`slug|${slug}`);
export const referenceDigest = (box: SealBox, reference: string) =>
  box.digest(`reference|${reference.toUpperCase()}`);
export const orderDigest = (box: SealBox, order: string) => box.digest(`order|${order}`);
const codeDigest = (box: SealBox, code: string) => box.digest(`code|${code}`);

// Pages of the first download.

const needed = (box: SealBox | null): SealBox => {
  if (!box) throw new Error('A sealed table was read or written without the open box');
  return box;
};

/**
 * A page as stored; `box` may be null for a page of check-ins (kept plain). `keys`: a ticket
 * page's keys, when its codes computed them already (page-codes.ts).
 */
export async function sealPage(box: SealBox | null, row: PageRow, keys?: TicketKeys): Promise<StoredPageRow> {
  if (!sealsPages(row.resource)) return row;
  const { listSlug, resource, page, items } = row;
  return {
    listSlug,
    resource,
    page,
    sealed:
      resource === 'tickets'
        ? await needed(box).sealBytes(
            frameTickets(items as RemoteTicket[], keys, utf8Scratch),
            pagePlace(listSlug, resource, page),
          )
        : await needed(box).seal(
            resource === 'answers' ? answerColumns(items as RemoteAnswer[]) : items,
            pagePlace(listSlug, resource, page),
          ),
  };
}

/** A stored page's items; `box` may be null for a page of check-ins. */
export async function openPage<T>(box: SealBox | null, row: StoredPageRow): Promise<T[]> {
  const place = pagePlace(row.listSlug, row.resource, row.page);
  if (!sealsPages(row.resource)) {
    if (isSealed(row)) throw new SealBroken(place);
    return (row as PageRow).items as T[];
  }
  if (!isSealed(row)) throw new SealBroken(place);
  if (row.resource === 'answers') return (await openAnswers(needed(box), row.sealed, place)) as T[];
  return openedPlain<T>(await needed(box).openBytes(row.sealed, place)).all();
}

/** A sealed page of answers opened: its columns (answer-columns.ts), or the array of a page stored before. */
async function openAnswers(box: SealBox, sealed: Sealed, place: string): Promise<RemoteAnswer[]> {
  const answers = answersFromColumns(await box.open(sealed, place));
  if (!answers) throw new SealBroken(place);
  return answers;
}

/**
 * A stored page opened for a keyed read: the seal opened once, its items parsed as they are
 * asked for (a framed page's one by one, page-frame.ts; any other page's all at once).
 */
export async function openPageLazily<T>(box: SealBox | null, row: StoredPageRow): Promise<OpenedPage<T>> {
  const place = pagePlace(row.listSlug, row.resource, row.page);
  if (!sealsPages(row.resource)) {
    if (isSealed(row)) throw new SealBroken(place);
    return openedItems((row as PageRow).items as T[]);
  }
  if (!isSealed(row)) throw new SealBroken(place);
  if (row.resource === 'answers')
    return openedItems((await openAnswers(needed(box), row.sealed, place)) as T[]);
  return openedPlain<T>(await needed(box).openBytes(row.sealed, place));
}

/**
 * A page's codes as stored: sealed for ticket pages (their codes confirm a guessed reference). A
 * sliced page's (`items` given) hold its keys' bytes, then their items' bytes, and are marked.
 */
export async function sealCodes(box: SealBox | null, row: PageCodesRow): Promise<StoredPageCodesRow> {
  if (row.resource !== 'tickets') return row;
  const { listSlug, resource, page, codes, items } = row;
  if (!items) {
    const sealed = await needed(box).sealBytes(new Uint8Array(codes), codesPlace(listSlug, resource, page));
    return { listSlug, resource, page, sealed };
  }
  const bytes = new Uint8Array(codes.byteLength + items.byteLength);
  bytes.set(new Uint8Array(codes));
  bytes.set(new Uint8Array(items), codes.byteLength);
  const sealed = await needed(box).sealBytes(bytes, codesPlace(listSlug, resource, page, true));
  return { listSlug, resource, page, sealed, sliced: true };
}

export async function openCodes(box: SealBox | null, row: StoredPageCodesRow): Promise<PageCodes> {
  const sliced = 'sliced' in row && row.sliced === true;
  const place = codesPlace(row.listSlug, row.resource, row.page, sliced);
  if (row.resource !== 'tickets') {
    if (isSealed(row)) throw new SealBroken(place);
    return { page: row.page, keys: new Uint32Array((row as PageCodesRow).codes) };
  }
  if (!isSealed(row)) throw new SealBroken(place);
  const bytes = await needed(box).openBytes(row.sealed, place);
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  // Four bytes a key, and two more for its item when sliced.
  const n = aligned.byteLength / (sliced ? 6 : 4);
  if (!Number.isInteger(n)) throw new SealBroken(place);
  const keys = new Uint32Array(aligned.buffer, aligned.byteOffset, n);
  if (!sliced) return { page: row.page, keys };
  return { page: row.page, keys, items: new Uint16Array(aligned.buffer, aligned.byteOffset + 4 * n, n) };
}

// Records changed since the first download.

export async function sealTicket(
  box: SealBox,
  listSlug: string,
  ticket: RemoteTicket,
): Promise<SealedTicketRow> {
  const order = orderReferenceOf(ticket);
  const [slug, reference, orderKey, sealed] = await Promise.all([
    slugDigest(box, ticket.slug),
    referenceDigest(box, ticket.reference),
    order === null ? undefined : orderDigest(box, order),
    box.seal(ticket, ticketPlace(listSlug, ticket.id)),
  ]);
  const row: SealedTicketRow = { listSlug, id: ticket.id, slug, reference, sealed };
  if (orderKey !== undefined) row.order = orderKey;
  return row;
}

export async function openTicket(box: SealBox, row: StoredTicketRow): Promise<RemoteTicket> {
  const place = ticketPlace(row.listSlug, row.id);
  if (!isSealed(row)) throw new SealBroken(place);
  return box.open<RemoteTicket>(row.sealed, place);
}

export async function sealAnswer(
  box: SealBox,
  listSlug: string,
  answer: RemoteAnswer,
): Promise<SealedAnswerRow> {
  return { listSlug, id: answer.id, sealed: await box.seal(answer, answerPlace(listSlug, answer.id)) };
}

export async function openAnswer(box: SealBox, row: StoredAnswerRow): Promise<RemoteAnswer> {
  const place = answerPlace(row.listSlug, row.id);
  if (!isSealed(row)) throw new SealBroken(place);
  return box.open<RemoteAnswer>(row.sealed, place);
}

// The door's notes: the audit log and the service's corrections.

export async function sealAudit(box: SealBox, row: AuditRow): Promise<SealedAuditRow> {
  const { ticketReference, reason, ...rest } = row;
  return { ...rest, sealed: await box.seal({ ticketReference, reason }, auditPlace(row)) };
}

/** An audit row opened; a plain one (written while the door was locked) as it is. */
export async function openAudit(box: SealBox, row: StoredAuditRow): Promise<AuditRow> {
  if (!isSealed(row)) return row as AuditRow;
  const { sealed, ...rest } = row;
  const opened = await box.open<Pick<AuditRow, 'ticketReference' | 'reason'>>(sealed, auditPlace(row));
  return { ...rest, ticketReference: opened.ticketReference, reason: opened.reason };
}

export async function sealCorrection(box: SealBox, row: CorrectionRow): Promise<SealedCorrectionRow> {
  const key = { listSlug: row.listSlug, at: row.at, code: await codeDigest(box, row.code) };
  const sealed = await box.seal({ code: row.code, was: row.was, now: row.now }, correctionPlace(key));
  return { ...key, ticketId: row.ticketId, sealed };
}

export async function openCorrection(box: SealBox, row: StoredCorrectionRow): Promise<CorrectionRow> {
  const place = correctionPlace(row);
  if (!isSealed(row)) throw new SealBroken(place);
  const opened = await box.open<Pick<CorrectionRow, 'code' | 'was' | 'now'>>(row.sealed, place);
  return { listSlug: row.listSlug, at: row.at, ticketId: row.ticketId, ...opened };
}

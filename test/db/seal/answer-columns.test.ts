// A page of answers is sealed as columns: it opens as the same answers in the same order, a page
// stored before (an array of answers) still opens, a value of neither shape is refused, and a
// page of a thousand answers stays under IndexedDB's 64 KiB blob-file threshold once sealed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RemoteAnswer } from '../../../src/api/schemas';
import type { SealedParts } from '../../../src/db/rows';
import { answerColumns, answersFromColumns } from '../../../src/db/seal/answer-columns';
import { SealBroken } from '../../../src/db/seal/seal-box';
import { readPages, storeFirstPage } from '../../../src/db/stored-pages';
import { freshDb, LIST, TEST_BOX } from '../../sync/support';

const answer = fc.record({
  id: fc.integer(),
  ticketId: fc.integer(),
  questionId: fc.integer(),
  response: fc.string({ unit: 'binary' }),
  updatedAt: fc.integer({ min: 0 }),
});

/** The bench's page: a thousand answers, three questions a ticket (test/bench/browser-first-page). */
const benchPage = (): RemoteAnswer[] =>
  Array.from({ length: 1000 }, (_, i) => {
    const id = 100_000 + i + 1;
    const question = (id % 3) + 1;
    return {
      id,
      ticketId: Math.ceil(id / 3),
      questionId: question,
      response: question === 1 ? ['S', 'M', 'L', 'XL'][id % 4]! : question === 2 ? 'vegetarian' : 'Train',
      updatedAt: 1_790_000_000_000 + id,
    };
  });

async function answersRead(db: ReturnType<typeof freshDb>) {
  const read: RemoteAnswer[] = [];
  await readPages<RemoteAnswer>(db, LIST, 'answers', (page) => {
    read.push(...page);
  });
  return read;
}

describe('a page of answers as columns', () => {
  it('gives back the same answers, field by field and in order, through JSON', () => {
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 50 }), (answers) => {
        const columns = JSON.parse(JSON.stringify(answerColumns(answers)));
        expect(answersFromColumns(columns)).toEqual(answers);
      }),
    );
  });

  it('reads an array of answers (a page stored before) as it is, and refuses any other shape', () => {
    const answers = benchPage().slice(0, 3);
    expect(answersFromColumns(answers)).toEqual(answers);
    const columns = answerColumns(answers);
    for (const broken of [
      null,
      'answers',
      { ...columns, response: columns.response.slice(1) },
      { ...columns, updatedAt: undefined },
      { ticketId: [], questionId: [], response: [], updatedAt: [] },
    ])
      expect(answersFromColumns(broken)).toBeNull();
  });

  it('is stored and read back as the page it was, under the blob-file threshold once sealed', async () => {
    const db = freshDb();
    const page = benchPage();
    await storeFirstPage(db, LIST, 'answers', 1, page, 1);
    expect(await answersRead(db)).toEqual(page);
    const row = (await db.pages.get([LIST, 'answers', 1])) as { sealed: SealedParts };
    // As an array the same page's JSON is 95 KB.
    expect(JSON.stringify(page).length).toBeGreaterThan(65_536);
    expect(row.sealed.iv.byteLength + row.sealed.data.byteLength).toBeLessThan(65_536);
  });

  it('opens a page of answers sealed as an array, as copies stored before hold them', async () => {
    const db = freshDb();
    const page = benchPage().slice(0, 10);
    await storeFirstPage(db, LIST, 'answers', 1, page, 1);
    const sealed = await TEST_BOX.seal(page, `pages|${LIST}|answers|1`);
    await db.pages.put({ listSlug: LIST, resource: 'answers', page: 1, sealed });
    expect(await answersRead(db)).toEqual(page);
    // Sealed as something else, it is a fault, never answers.
    await db.pages.put({
      listSlug: LIST,
      resource: 'answers',
      page: 1,
      sealed: await TEST_BOX.seal({ not: 'answers' }, `pages|${LIST}|answers|1`),
    });
    await expect(answersRead(db)).rejects.toBeInstanceOf(SealBroken);
  });
});

// A decision whose admission keeps finding the ticket's check-ins changed is judged again, three
// times at most, and then answered as it is; any other answer ends it at once.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../src/domain/result';
import { againIfChanged, JUDGE_TRIES } from '../../src/sync/scan/judge-again';
import { describeError } from '../../src/ui/error-words';

describe('a decision judged again', () => {
  it('tries again while the check-ins changed, and says so after the last try', async () => {
    let tries = 0;
    const always = await againIfChanged(async () => {
      tries++;
      return fail('checkins-changed');
    });
    expect(tries).toBe(JUDGE_TRIES);
    expect(always).toEqual(fail('checkins-changed'));
    expect(!always.ok && describeError(always)).toMatch(/changed while it was judged.*nothing was recorded/);
  });

  it('ends at the first answer that is not a change', async () => {
    const answers = [fail('checkins-changed'), ok('just-admitted'), ok('admitted')];
    let tries = 0;
    expect(await againIfChanged(async () => answers[tries++]!)).toEqual(ok('just-admitted'));
    expect(tries).toBe(2);
    tries = 0;
    expect(await againIfChanged(async () => fail('storage-full'))).toEqual(fail('storage-full'));
  });
});

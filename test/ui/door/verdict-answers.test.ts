// A verdict's answers as asked for once it shows: a ticket with none gives back the very list
// the verdict started with, so React keeps the verdict as drawn (no second render and commit in
// the frame that first shows it); a ticket with answers gives them.
import { describe, expect, it } from 'vitest';
import { answersOrNone } from '../../../src/ui/door/ScanFlowVerdict';

describe('a verdict asking for its answers', () => {
  it('keeps the list it started with when the ticket has none', () => {
    const none = answersOrNone([]);
    expect(answersOrNone([])).toBe(none);
    expect(none).toEqual([]);
  });

  it('gives the answers of a ticket that has them', () => {
    const read = [{ question: 'Meal', response: 'Vegetarian' }];
    expect(answersOrNone(read)).toBe(read);
  });
});

// The fake "no answer" the timeout tests stand on must end when its request is aborted, even
// with a garbage collection between the request and its abort (a loaded machine's timing).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { unanswered } from '../fixtures/unanswered';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('a request no one answers', () => {
  it('still hears its abort after a garbage collection', async () => {
    const caller = new AbortController();
    const answer = unanswered(new Request('http://service.test/', { signal: caller.signal }));
    // Collected from another turn, when nothing of the caller's frame holds the Request.
    await new Promise((resolve) => setTimeout(resolve, 5));
    gc();
    gc();
    caller.abort();
    const outcome = await Promise.race([
      answer.then(
        () => 'answered',
        (error: DOMException) => error.name,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ]);
    expect(outcome).toBe('AbortError');
  });
});

import { describe, expect, it } from 'vitest';
import { holdMessagesWhile } from '../../../src/sync/engine/hold-messages';

const post = (target: EventTarget, data: unknown) =>
  target.dispatchEvent(new MessageEvent('message', { data }));

/** A load the test ends: the "engine" starts listening as it ends, as engine-main.ts does. */
function engineLoad(target: EventTarget) {
  const heard: unknown[] = [];
  let finish: (ok: boolean) => void = () => {};
  const load = () =>
    new Promise<void>((resolve, reject) => {
      finish = (ok) => {
        if (!ok) return reject(new Error('the engine did not load'));
        target.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
        resolve();
      };
    });
  return { heard, load, finish: (ok = true) => finish(ok) };
}

describe('holdMessagesWhile', () => {
  it('hands the engine every message that came while it loaded, once each, in order', async () => {
    const worker = new EventTarget();
    const engine = engineLoad(worker);
    const holding = holdMessagesWhile(worker, engine.load);
    post(worker, 'init');
    post(worker, 'scan 1');
    post(worker, 'scan 2');
    expect(engine.heard).toEqual([]);
    engine.finish();
    await holding;
    expect(engine.heard).toEqual(['init', 'scan 1', 'scan 2']);
  });

  it('once loaded, a message reaches the engine alone, once', async () => {
    const worker = new EventTarget();
    const engine = engineLoad(worker);
    const holding = holdMessagesWhile(worker, engine.load);
    post(worker, 'init');
    engine.finish();
    await holding;
    post(worker, 'scan 1');
    expect(engine.heard).toEqual(['init', 'scan 1']);
  });

  it('a failed load fails as it did, with nothing handed on', async () => {
    const worker = new EventTarget();
    const engine = engineLoad(worker);
    const holding = holdMessagesWhile(worker, engine.load);
    post(worker, 'init');
    engine.finish(false);
    await expect(holding).rejects.toThrow('the engine did not load');
    expect(engine.heard).toEqual([]);
  });
});

// CDP on the page's dedicated worker, through the page's own session: Playwright gives workers
// no CDP session of their own. Used for the worker's heap and profiles in the benches.
import type { CDPSession } from '@playwright/test';

/** The door's sync worker, not the camera's decoder (its script is engine-worker-<hash>.js). */
const SYNC_WORKER = /engine-worker/;

/**
 * Sends a CDP command to the newest dedicated worker whose script address matches `which` (the
 * door's sync worker by default); `onEvent` hears the worker's events.
 */
export type WorkerSend = <T>(method: string, params?: object) => Promise<T>;

export async function workerDevtools(
  cdp: CDPSession,
  onEvent: (method: string, params: unknown) => void = () => undefined,
  which: RegExp = SYNC_WORKER,
): Promise<WorkerSend> {
  const sessions: string[] = [];
  const waiting = new Map<number, (answer: { result?: unknown; error?: { message: string } }) => void>();
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker' && which.test(event.targetInfo.url))
      sessions.push(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else if (message.method) onEvent(message.method, message.params);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let next = 0;
  return async <T>(method: string, params: object = {}): Promise<T> => {
    const sessionId = sessions.at(-1);
    if (!sessionId) throw new Error(`no dedicated worker matching ${which} attached`);
    const id = ++next;
    const answer = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) =>
      waiting.set(id, resolve),
    );
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    const { result, error } = await answer;
    if (error) throw new Error(error.message);
    return result as T;
  };
}

// The page's side of the QR decoder's worker (decoder-worker.ts): one worker a page, kept while
// the camera stops and starts again. Guarantees: every frame asked for is answered once, with
// the text read or null; a worker that could not load answers null to everything asked of it
// (and to anything asked later), and the next `decoder()` makes a new one.
import type { FrameRead, FrameToRead } from './decoder-worker';

export interface Decoder {
  worker: Worker;
  failed: boolean;
  /** Reads asked for and not yet answered, by frame id. */
  waiting: Map<number, (text: string | null) => void>;
}

let current: Decoder | null = null;
let frameIds = 0;

/** The decoder's worker: the one running, or a new one after a failure. */
function decoder(): Decoder {
  if (current && !current.failed) return current;
  const worker = new Worker(new URL('./decoder-worker.ts', import.meta.url), {
    type: 'module',
    name: 'qr-decoder',
  });
  const made: Decoder = { worker, failed: false, waiting: new Map() };
  worker.addEventListener('message', (event: MessageEvent<FrameRead>) => {
    made.waiting.get(event.data.id)?.(event.data.text);
    made.waiting.delete(event.data.id);
  });
  // A worker that could not load answers nothing: its reads end as null, the camera's start
  // reports it, and the next start makes a new worker.
  worker.addEventListener('error', () => {
    made.failed = true;
    for (const answer of made.waiting.values()) answer(null);
    made.waiting.clear();
  });
  current = made;
  return made;
}

/** One frame read in the worker: the text, or null (nothing read, or no decoder). */
export function readFrame(made: Decoder, frame: Omit<FrameToRead, 'id'>): Promise<string | null> {
  if (made.failed) return Promise.resolve(null);
  const id = ++frameIds;
  return new Promise((resolve) => {
    made.waiting.set(id, resolve);
    made.worker.postMessage({ id, ...frame } satisfies FrameToRead, [frame.pixels.buffer]);
  });
}

/** The decoder's worker, asked to read a one-pixel frame: answered once its code has loaded. */
export function warmDecoder(): { made: Decoder; warm: Promise<string | null> } {
  const made = decoder();
  const warm = readFrame(made, {
    pixels: new Uint8ClampedArray(4),
    width: 1,
    height: 1,
    alsoInverted: false,
  });
  return { made, warm };
}

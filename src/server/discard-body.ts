// What is left of a refused request's body, read and thrown away before the answer goes. The
// answer closes the connection; closed while the client is still sending, the client sees a
// broken pipe ("fetch failed") instead of the 401, 404 or 413 it was given. So the rest is read,
// up to a size and a time: past either, the connection closes regardless (a client sending that
// much after a refusal is not owed a tidy answer). A body announced larger than that is not
// read at all: draining it could never finish, so it would only hold the answer back while the
// client waits on a body it may never send.
const DISCARD_MAX_BYTES = 4 * 1024 * 1024;
export const DISCARD_MAX_MS = 5_000;

export async function discardUnread(request: Request): Promise<void> {
  const body = request.body;
  // Locked: the service read it whole (or still holds it); nothing is left to drain here.
  if (!body || body.locked) return;
  if (announcedBytes(request) > DISCARD_MAX_BYTES) return;
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DISCARD_MAX_MS);
  });
  try {
    for (let seen = 0; seen <= DISCARD_MAX_BYTES; ) {
      const read = await Promise.race([reader.read(), late]);
      if (read === 'late' || read.done) break;
      seen += read.value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    // The client went away mid-body: nothing left to drain.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A refusal of a request that came with a body: the rest of the body is drained and the
 * connection closed, so the next request on it never starts inside this one's leftovers and the
 * client reads the refusal instead of a broken pipe. Any other answer goes as it is.
 */
export async function closeAfterRefusal(request: Request, response: Response): Promise<Response> {
  const hasBody = request.headers.has('content-length') || request.headers.has('transfer-encoding');
  if (hasBody && response.status >= 400) {
    response.headers.set('connection', 'close');
    await discardUnread(request);
  }
  return response;
}

/** The Content-Length the client announced, 0 without one (a chunked body announces none). */
function announcedBytes(request: Request): number {
  const declared = Number(request.headers.get('content-length') ?? 0);
  return Number.isFinite(declared) ? declared : 0;
}

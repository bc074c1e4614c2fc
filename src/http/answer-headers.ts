// Headers set on an answer that may already be on its way out. A `Response` from `fetch` (the
// relay's upstream answers) has immutable headers; one built here does not. Guarantees: the
// answer itself is changed where it can be, so its body and declared length stay as they were
// (a copy would send the body as a stream in chunks); otherwise a copy with the same status,
// body and the other headers.

/** The answer with `headers` set (each replacing any of its name). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

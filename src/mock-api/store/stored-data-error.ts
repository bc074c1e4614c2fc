// Why the service refuses to start on the data it found, in the operator's words. Each message
// names the file (and line), says that nothing was changed, and what to do: the server stops
// rather than guess, so damaged or mismatched data is never replayed in part or reseeded over.
export const RESET_VARIABLE = 'MOCK_RESET=1';

const RESET_HINT = `start once with ${RESET_VARIABLE}: the current files are moved into a set-aside-<time> folder inside the data folder and the service seeds afresh`;

export class StoredDataError extends Error {
  override name = 'StoredDataError';
}

function refusal(problem: string, steps: string[]): StoredDataError {
  const lines = [
    `Cannot start: ${problem}`,
    'Nothing was changed: the snapshot and the journal are left exactly as they were.',
    'What to do:',
    ...steps.map((step, i) => `  ${i + 1}. ${step}`),
  ];
  return new StoredDataError(lines.join('\n'));
}

export function journalDamaged(path: string, line: number, lines: number, why: string): StoredDataError {
  const last = line === lines;
  return refusal(`the journal ${path} is damaged at line ${line} of ${lines} (${why}).`, [
    `Keep a copy of the data folder before anything else.`,
    'If you have a backup of the journal, put it back and start again.',
    `Otherwise remove only that line and start again; it loses the one write it held${
      last ? ' (as the last line, most likely a write cut off by a power failure before it was answered)' : ''
    }: sed -i '${line}d' '${path}'`,
    `Or give up all stored data: ${RESET_HINT}.`,
  ]);
}

export function snapshotDamaged(path: string, why: string): StoredDataError {
  return refusal(`the snapshot ${path} is damaged (${why}).`, [
    'Keep a copy of the data folder before anything else.',
    'If you have a backup of the snapshot, put it back and start again.',
    `Or give up all stored data: ${RESET_HINT}.`,
  ]);
}

export function snapshotMissing(where: string, changes: number): StoredDataError {
  return refusal(
    `${where} holds a journal of ${changes} changes but no snapshot, so the data they apply to is gone (snapshot.json was removed or lost). Replaying them alone would silently drop everything else.`,
    ['Put snapshot.json back from a backup and start again.', `Or give up all stored data: ${RESET_HINT}.`],
  );
}

export function otherSeed(where: string, stored: string, asked: string): StoredDataError {
  return refusal(
    `the data in ${where} was made from ${stored}, but MOCK_SEED / MOCK_SEED_TICKETS now ask for ${asked}. Stored data is never replaced unless you ask.`,
    [
      'To keep the data: start without MOCK_SEED and MOCK_SEED_TICKETS (or with the values it was made with).',
      `To replace it with ${asked}: ${RESET_HINT}.`,
    ],
  );
}

/** A stored seed label (`{"name":"demo","tickets":2500}`) in words. */
export function describeSeed(label: string | undefined): string {
  if (!label) return 'an unrecorded seed';
  try {
    const seed = JSON.parse(label) as { name?: unknown; tickets?: unknown };
    const tickets = typeof seed.tickets === 'number' ? ` with ${seed.tickets} tickets` : '';
    return `the ${String(seed.name)} seed${tickets}`;
  } catch {
    return `the seed ${label}`;
  }
}

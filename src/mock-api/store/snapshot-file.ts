// The snapshot's file format: one JSON object `{"seed":..,"sequences":..,"tables":{..},
// "checksum":"sha256:<hex>"}` whose checksum covers every byte before `,"checksum"`, so a
// damaged snapshot is named instead of loaded. A snapshot without `checksum` is what versions
// before checksums wrote: accepted when it has exactly a snapshot's form.
import { createHash } from 'node:crypto';
import type { StoreState } from './change';
import { snapshotDamaged } from './stored-data-error';

const TRAILER = /,"checksum":"sha256:([0-9a-f]{64})"\}\s*$/;
/**
 * Characters gathered before a write: the flat copy of a piece this small (64 KB even in
 * two-byte form) stays below V8's large-object size, so it dies young in the nursery.
 */
const WRITE_CHARS = 32 * 1024;

/** Where the snapshot's bytes go: the file, or the file through its seal (../../platform/data-seal). */
export interface SnapshotSink {
  write(data: Buffer | string): Promise<unknown>;
}

/**
 * Written in small pieces: one JSON string of a 100,000-ticket store would double the peak
 * memory, and pieces of a megabyte each go straight to the old generation, where some 50 MB of
 * them would wait for a full collection after every seeding.
 */
export async function writeSnapshot(handle: SnapshotSink, state: StoreState): Promise<void> {
  const hash = createHash('sha256');
  let pending = `{"seed":${JSON.stringify(state.seed ?? null)},"sequences":${JSON.stringify(state.sequences)},"tables":{`;
  const flush = async () => {
    // Encoded once: the hash and the file take the same bytes.
    const bytes = Buffer.from(pending);
    pending = '';
    hash.update(bytes);
    await handle.write(bytes);
  };
  let firstTable = true;
  for (const [name, rows] of Object.entries(state.tables)) {
    pending += `${firstTable ? '' : ','}${JSON.stringify(name)}:[`;
    firstTable = false;
    for (let i = 0; i < rows.length; i++) {
      pending += `${i === 0 ? '' : ','}${JSON.stringify(rows[i])}`;
      if (pending.length >= WRITE_CHARS) await flush();
    }
    pending += ']';
  }
  pending += '}';
  await flush();
  await handle.write(`,"checksum":"sha256:${hash.digest('hex')}"}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asState(value: unknown): StoreState | null {
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  if (!keys.every((key) => key === 'seed' || key === 'sequences' || key === 'tables')) return null;
  const { seed, sequences, tables } = value;
  if (!isRecord(sequences) || !isRecord(tables)) return null;
  if (seed !== null && seed !== undefined && typeof seed !== 'string') return null;
  for (const next of Object.values(sequences)) if (!Number.isSafeInteger(next)) return null;
  for (const rows of Object.values(tables)) {
    if (!Array.isArray(rows) || !rows.every((row) => isRecord(row) && Number.isSafeInteger(row.id)))
      return null;
  }
  return {
    tables: tables as StoreState['tables'],
    sequences: sequences as StoreState['sequences'],
    seed: seed ?? undefined,
  };
}

export interface ReadSnapshot {
  state: StoreState;
  /** Written by a version before checksums. */
  unchecked: boolean;
}

/** The stored state, or a StoredDataError naming the snapshot file. */
export function readSnapshot(path: string, bytes: Buffer): ReadSnapshot {
  // The trailer is short: look for it in the last bytes only, not in a copy of the whole file.
  const end = bytes.subarray(Math.max(0, bytes.length - 200)).toString('latin1');
  const trailer = TRAILER.exec(end);
  let body = bytes;
  if (trailer) {
    body = bytes.subarray(0, bytes.length - (end.length - trailer.index));
    const sum = createHash('sha256').update(body).digest('hex');
    if (sum !== trailer[1])
      throw snapshotDamaged(path, 'its checksum does not match: a byte was changed or lost');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trailer ? `${body.toString('utf8')}}` : bytes.toString('utf8'));
  } catch {
    throw snapshotDamaged(path, trailer ? 'its checksum matches but it is not JSON' : 'it is not whole JSON');
  }
  const state = asState(parsed);
  if (!state) throw snapshotDamaged(path, 'it does not have the form of a snapshot');
  return { state, unchecked: !trailer };
}

// The story of each check-in for a failure's report: every write that carried its uuid through the
// proxy (the simulated second, the link, and what became of it) and the restarts of the door that
// made it. Kept in memory for the run; read only when an invariant fails.
import type { Admission } from './door';
import type { SimPlan } from './schedule';

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export function writeTraces(second: () => number) {
  const traces = new Map<string, string[]>();
  const restarts = new Map<number, number[]>();
  const restartsOf = (door: number) => restarts.get(door) ?? restarts.set(door, []).get(door)!;
  return {
    /** The proxy's `onWriteDone`: notes the write under every uuid in its path or body. */
    written(door: number, method: string, path: string, body: Buffer, fate: string) {
      const uuids = new Set([...`${path} ${body.toString('utf8')}`.matchAll(UUID_TEXT)].map((m) => m[0]));
      for (const uuid of uuids)
        (traces.get(uuid) ?? traces.set(uuid, []).get(uuid)!).push(
          `${second()} s: door ${door} ${method} ${fate}`,
        );
    },
    restarted(door: number) {
      restartsOf(door).push(second());
    },
    /** Each example naming a uuid, followed by that check-in's story. */
    explain(examples: string[], admissions: readonly Admission[], plan: SimPlan): string[] {
      const byClientId = new Map(admissions.map((a) => [a.clientId, a]));
      return examples.flatMap((example) => {
        const uuid = example.match(UUID_TEXT)?.[0];
        if (!uuid) return [example];
        const admission = byClientId.get(uuid);
        const at = admission && admission.event >= 0 ? plan.events[admission.event]?.at : undefined;
        return [
          example,
          ...(admission
            ? [
                `    door ${admission.door} admitted it at ${at ?? '?'} s${admission.undo ? `, undo said ${admission.undo}` : ''}; door restarts at ${restartsOf(admission.door).join(', ') || 'none'} s`,
              ]
            : []),
          ...(traces.get(uuid) ?? ['no write carried it']).map((line) => `    ${line}`),
        ];
      });
    },
  };
}

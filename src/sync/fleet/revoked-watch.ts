// A code-joined list's Check-in API client that hears "revoked" in any answer (a read refused
// with 410 `revoked: true`) and says so before the answer goes on: whoever waits for that answer
// (a pull, a refusal's check online, a push) resumes with the door already knowing. A read
// answered is heard too (up to when it was asked the device was not revoked; `asking` is called
// as it leaves, so an answer to a read asked before a silence began does not end that silence),
// and so is no answer at all (the server out of reach: what it says next is asked before the
// door sends, revocation.ts).
import type { CheckinClient } from '../../api/checkin-client';
import type { Result } from '../../domain/result';

export interface RevokedWatch {
  onRevoked(): void;
  /** A read leaves: what to call when it is answered. */
  asking(): () => void;
  /** A request got no answer (network, timeout). */
  onUnreachable(): void;
}

export function watchRevoked(client: CheckinClient, watch: RevokedWatch): CheckinClient {
  const heard = <T>(answer: Result<T>): Result<T> => {
    if (!answer.ok && answer.reason === 'revoked') watch.onRevoked();
    if (!answer.ok && (answer.reason === 'network' || answer.reason === 'timeout')) watch.onUnreachable();
    return answer;
  };
  const read = async <T>(call: () => Promise<Result<T>>): Promise<Result<T>> => {
    const answered = watch.asking();
    const answer = await call();
    if (answer.ok) answered();
    return heard(answer);
  };
  return {
    baseUrl: client.baseUrl,
    getList: (...args) => read(() => client.getList(...args)),
    listPage: (...args) => read(() => client.listPage(...args)),
    listPageTimed: (...args) => read(() => client.listPageTimed(...args)),
    listQuestions: (...args) => read(() => client.listQuestions(...args)),
    getTicket: (...args) => read(() => client.getTicket(...args)),
    createCheckins: async (...args) => heard(await client.createCheckins(...args)),
    createCheckin: async (...args) => heard(await client.createCheckin(...args)),
    deleteCheckin: async (...args) => heard(await client.deleteCheckin(...args)),
  };
}

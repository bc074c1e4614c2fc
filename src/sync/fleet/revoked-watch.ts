// A code-joined list's Check-in API client that hears "revoked" in any answer (a read refused
// with 410 `revoked: true`) and says so before the answer goes on: whoever waits for that answer
// (a pull, a refusal's check online, a push) resumes with the door already knowing.
import type { CheckinClient } from '../../api/checkin-client';
import type { Result } from '../../domain/result';

export function watchRevoked(client: CheckinClient, onRevoked: () => void): CheckinClient {
  const heard = <T>(answer: Result<T>): Result<T> => {
    if (!answer.ok && answer.reason === 'revoked') onRevoked();
    return answer;
  };
  return {
    baseUrl: client.baseUrl,
    getList: async (...args) => heard(await client.getList(...args)),
    listPage: async (...args) => heard(await client.listPage(...args)),
    listPageTimed: async (...args) => heard(await client.listPageTimed(...args)),
    listQuestions: async (...args) => heard(await client.listQuestions(...args)),
    getTicket: async (...args) => heard(await client.getTicket(...args)),
    createCheckins: async (...args) => heard(await client.createCheckins(...args)),
    createCheckin: async (...args) => heard(await client.createCheckin(...args)),
    deleteCheckin: async (...args) => heard(await client.deleteCheckin(...args)),
  };
}

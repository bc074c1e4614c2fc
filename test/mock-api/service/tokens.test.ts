import { describe, expect, it } from 'vitest';
import { createTestService } from '../support';

describe('tokens handed out by the in-app service', () => {
  it('authenticate with their mode and version until revoked', async () => {
    const { service } = createTestService();
    await service.ready;
    const token = await service.generateToken({ mode: 'test', version: '3.1', accounts: ['acme'] });
    const hello = () =>
      service.handle(
        new Request('http://mock.test/v3/hello', {
          headers: { Authorization: `Token token=${token.token}` },
        }),
      );
    const ok = await hello();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ lookup_mode: 'test', accounts: ['acme'] });
    expect(await service.revokeToken(token.token)).toBe(true);
    const refused = await hello();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ status: 401, message: 'The API token is invalid.' });
  });
});

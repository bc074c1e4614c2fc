import { describe, expect, it } from 'vitest';
import { LIST, checkinFixture } from '../checkin/fixture';

describe('request queue', () => {
  it('serves other requests while a slow upload is still arriving', async () => {
    const { service, tickets } = await checkinFixture();
    const encoder = new TextEncoder();
    let finishUpload = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"checkin":'));
        finishUpload = () => {
          controller.enqueue(encoder.encode(`{"ticket_id":${tickets.general.id}}}`));
          controller.close();
        };
      },
    });
    const order: string[] = [];
    const upload = service
      .handle(
        new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          duplex: 'half',
        } as RequestInit),
      )
      .then((response) => {
        order.push(`upload ${response.status}`);
      });
    const read = await service.handle(new Request(`http://mock.test/checkin/checkin_lists/${LIST}`));
    order.push(`read ${read.status}`);
    finishUpload();
    await upload;
    expect(order).toEqual(['read 200', 'upload 201']);
  });
});

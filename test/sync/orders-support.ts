// An order sold on the test service: its buyer's ticket and one ticket per guest.
import type { Registration } from '../../src/mock-api/model/registration';
import { makeRegistration, makeTicket } from '../mock-api/factories';
import type { doorService } from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;

/** An order of `guests.length + 1` tickets: the buyer's, then one per guest. */
export async function sellOrder(
  setup: Setup,
  reference: string,
  guests: string[],
  over: Partial<Registration> = {},
) {
  return setup.service.write(() => {
    const reg = makeRegistration(setup.service.context, setup.event, {
      reference,
      name: 'Maria Buyer',
      first_name: 'Maria',
      last_name: 'Buyer',
      email: `maria.${reference.toLowerCase()}@family.example`,
      ...over,
    });
    const buyer = makeTicket(setup.service.context, reg, setup.release);
    const rest = guests.map((first) =>
      makeTicket(setup.service.context, reg, setup.release, {
        first_name: first,
        last_name: 'Guest',
        email: `${first.toLowerCase()}@guests.example`,
      }),
    );
    return [buyer, ...rest];
  });
}

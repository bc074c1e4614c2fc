// A worker's messages held while the code that answers them loads. Guarantees: every message that
// arrives before the load ends is dispatched again once the load has ended, once each, in the
// order it arrived, where the loaded code's own listener hears it; a message after that reaches
// the loaded code alone; a load that fails fails as it did, handing nothing on. The loaded
// code must start listening as its last step (Comlink's `expose` at the end of its module): a
// listener that started before an await inside the load would hear a held message twice.
export async function holdMessagesWhile(target: EventTarget, load: () => Promise<unknown>): Promise<void> {
  const held: MessageEvent[] = [];
  const hold = (event: Event) => {
    held.push(event as MessageEvent);
  };
  target.addEventListener('message', hold);
  try {
    await load();
  } finally {
    target.removeEventListener('message', hold);
  }
  for (const event of held)
    target.dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }));
}

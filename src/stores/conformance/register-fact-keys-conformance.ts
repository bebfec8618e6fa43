import { expect, it } from 'vitest';
import type { Store } from '../store.js';
import { messageAt, putMessages, write } from './sample-records.js';

/** The part of a `StoreHarness` the fact-key cases use. */
interface FactKeyHarness {
  readonly store: Store;
}

async function keyIds(
  store: Store,
  terms: readonly string[],
  filters: Parameters<Store['searchFactKeys']>[1] = {},
): Promise<string[]> {
  const hits = await store.searchFactKeys({ terms }, filters, 10);
  return hits.map((hit) => `${hit.document.threadId}/${hit.document.itemId}`);
}

/**
 * Fact keys (`stores/fact-keys.ts`): words stored beside a message are found by their own index,
 * joined back to the message's document; replaced, filtered and cleared with derived state.
 */
export function registerFactKeysConformance(current: () => FactKeyHarness): void {
  const store = (): Store => current().store;
  it('finds a message by its fact keys, not by its text, and replaces its keys', async () => {
    await putMessages(store(), [
      messageAt('t-1', 'm-1', 1, { content: 'Back from the trip last Tuesday' }),
      messageAt('t-1', 'm-2', 2, { content: 'The weather was grim' }),
      messageAt('t-2', 'm-3', 3, { content: 'Tuesday again' }),
    ]);
    await write(store(), async (tx) => {
      await tx.putFactKeys({ threadId: 't-1', messageId: 'm-1' }, 'd20240507 m202405 lisbon city');
      await tx.putFactKeys({ threadId: 't-2', messageId: 'm-3' }, 'm202405');
      // A message that was never stored is a no-op, not an error.
      await tx.putFactKeys({ threadId: 't-9', messageId: 'missing' }, 'm202405');
    });
    expect(await keyIds(store(), ['city'])).toEqual(['t-1/m-1']);
    expect((await keyIds(store(), ['m202405'])).sort()).toEqual(['t-1/m-1', 't-2/m-3']);
    expect(await keyIds(store(), ['m202405'], { threadIds: ['t-2'] })).toEqual(['t-2/m-3']);
    // The text itself is not a key.
    expect(await keyIds(store(), ['grim'])).toEqual([]);
    const [hit] = await store().searchFactKeys({ terms: ['lisbon'] }, {}, 10);
    expect(hit?.document.text).toBe('Back from the trip last Tuesday');
    expect(hit?.document.messageId).toBe('m-1');
    expect(hit?.score).toBeGreaterThan(0);

    await write(store(), (tx) => tx.putFactKeys({ threadId: 't-1', messageId: 'm-1' }, 'porto'));
    expect(await keyIds(store(), ['lisbon'])).toEqual([]);
    expect(await keyIds(store(), ['porto'])).toEqual(['t-1/m-1']);
    await write(store(), (tx) => tx.putFactKeys({ threadId: 't-1', messageId: 'm-1' }, ''));
    expect(await keyIds(store(), ['porto'])).toEqual([]);
    expect(await keyIds(store(), [])).toEqual([]);
  });

  it('ranks a message with more matching keys first and clears keys with derived state', async () => {
    await putMessages(store(), [
      messageAt('t-1', 'm-1', 1, { content: 'one' }),
      messageAt('t-1', 'm-2', 2, { content: 'two' }),
    ]);
    await write(store(), async (tx) => {
      await tx.putFactKeys({ threadId: 't-1', messageId: 'm-1' }, 'harbour');
      await tx.putFactKeys({ threadId: 't-1', messageId: 'm-2' }, 'harbour ferry storm');
    });
    expect(await keyIds(store(), ['harbour', 'ferry'])).toEqual(['t-1/m-2', 't-1/m-1']);
    await write(store(), (tx) => tx.dangerouslyClearDerived());
    expect(await keyIds(store(), ['harbour'])).toEqual([]);
    // A message stored again after the clear starts without keys.
    await putMessages(store(), [messageAt('t-1', 'm-1', 1, { content: 'one' })]);
    expect(await keyIds(store(), ['harbour'])).toEqual([]);
  });
}

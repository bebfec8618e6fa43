// Child process of the two-process test in ../sqlite-store.test.ts (run with `node --import tsx`).
// Arguments: database path, transaction count, tag. Opens the store, prints "ready", waits for a
// line on stdin, then runs read-modify-write transactions on the `counter` meta key, appending one
// event per transaction. Any failure ends the process with output on stderr.
import { contentHash } from '../../../core/index.js';
import { createSqliteStore } from '../index.js';

const [path = '', countText = '0', tag = 'child'] = process.argv.slice(2);
const store = await createSqliteStore({ path });
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();

const time = '2025-01-01T00:00:00.000Z';
for (let index = 0; index < Number(countText); index += 1) {
  await store.withWriteLock({ entities: ['user:primary'] }, async (tx) => {
    const current = await tx.getMeta('counter');
    await new Promise((resolve) => setImmediate(resolve));
    await tx.putMeta('counter', (typeof current === 'number' ? current : 0) + 1);
    const payload = { tag, index };
    await tx.appendEvent({
      eventId: `${tag}-${index}`,
      type: 'counter.incremented',
      entityId: 'user:primary',
      eventTs: time,
      recordedAt: time,
      payload,
      payloadHash: contentHash(payload),
      dedupeKey: null,
    });
  });
  // A short pause between transactions gives the other process a chance at the lock, so the two
  // really interleave instead of one finishing before the other starts.
  await new Promise((resolve) => setTimeout(resolve, 1));
}
await store.close();
process.stdout.write('done\n');

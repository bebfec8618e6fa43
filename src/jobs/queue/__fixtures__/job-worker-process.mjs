// Child process of the cross-process test in ../sqlite-job-queue.test.ts (run with
// `node --import tsx`). Arguments: database path, queue name. Prints "ready", waits for a line on
// stdin, then works the queue (concurrency 2) until no job is waiting or running, and prints the
// ids it ran as one JSON line. Any failure ends the process with output on stderr.
import { createSqliteJobQueue } from '../sqlite-job-queue.js';

const [path = '', queueName = 'shared'] = process.argv.slice(2);
const queue = await createSqliteJobQueue({
  path,
  onError: (error) => process.stderr.write(`${error.message}\n`),
});
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();

const ran = [];
const worker = queue.work(
  queueName,
  async (job) => {
    ran.push(job.id);
    // A pause lets the other process claim in between: 60 jobs at two at a time keep one process
    // busy for ~0.75 s, long enough for the other to start on a loaded machine (at 1 ms, one CI
    // run under load saw the first process drain every job before the second had claimed one).
    await new Promise((resolve) => setTimeout(resolve, 25));
  },
  { concurrency: 2, pollIntervalMs: 5 },
);
for (;;) {
  const open = await queue.listJobs({ queue: queueName, states: ['created', 'retry', 'active'] });
  if (open.length === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await worker.stop();
await queue.stop();
process.stdout.write(`${JSON.stringify(ran)}\n`);

// A question that calls up a shared memory decides nothing ("Remember when we went camping?"); a
// question about what to do next still does. Sentences of our own.
import { describe } from 'vitest';
import { itClassifiesEach } from './__fixtures__/classify-cases.js';

describe('a question that reminisces is no item', () => {
  itClassifiesEach([
    ['Remember when we got lost in Porto with the kids?', null],
    ['remember how we missed the ferry to Hydra?', null],
    ['Do you remember the cabin we rented at the lake?', null],
    ['Remember our first trip to the coast, when we slept in the car?', null],
    ['We still remember that storm on the island, right?', null],
    // still questions:
    ['Should we go back to Porto in May?', 'question'],
    ['Do we need to remember anything for the ferry booking?', 'question'],
    ['Shall we rent the same cabin at the lake again?', 'question'],
  ]);
});

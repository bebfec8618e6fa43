import { beforeAll, describe, expect, it } from 'vitest';
import { loadZoneParser } from '../projections/index.js';
import { writeReviewFile } from './render.js';

const BODY =
  '# Pending Memory Proposals\n\n_Staged by the reflector. …_\n\n- [ ] `p-20260302-001` Keep Redis 7.2\n';
const ZONE_BEGIN = '<!-- STATE:BEGIN zone_id=verity-review schema=verity.review.v1 -->';

beforeAll(async () => {
  await loadZoneParser();
});

describe('writeReviewFile', () => {
  it('writes the zone alone when there is no file yet', () => {
    const text = writeReviewFile(null, BODY);
    expect(text.startsWith(ZONE_BEGIN)).toBe(true);
    expect(text).toContain('p-20260302-001');
  });

  it("keeps what the person wrote in a REVIEW.md without Verity's zone, byte for byte", () => {
    const mine = '# My review notes\r\n\r\n- remember to check the TTL  \r\n';
    const text = writeReviewFile(mine, BODY);
    expect(text.startsWith(mine)).toBe(true);
    expect(text.slice(mine.length)).toContain(ZONE_BEGIN);
    // The next write replaces the zone only.
    const again = writeReviewFile(text, BODY.replace('Redis 7.2', 'Redis 7.4'));
    expect(again.startsWith(mine)).toBe(true);
    expect(again).toContain('Redis 7.4');
    expect(again).not.toContain('Redis 7.2');
    expect(again.split(ZONE_BEGIN)).toHaveLength(2);
  });

  it('replaces a whole REVIEW.md an earlier Verity wrote before the zone existed', () => {
    const old = `${BODY.replace('Redis 7.2', 'an old proposal')}\n_Last updated: x | 1 proposals pending_\n`;
    const text = writeReviewFile(old, BODY);
    expect(text).not.toContain('an old proposal');
    expect(text.startsWith(ZONE_BEGIN)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { loadZoneParser, parseZones } from './zones.js';

// Its own file: every other zone test loads the parser first, and a module is fresh per file.
describe('loadZoneParser', () => {
  it('is required before parseZones, which then reads zones', async () => {
    const text = '# T\n<!-- STATE:BEGIN zone_id=a schema=v1 -->\nx\n<!-- STATE:END zone_id=a -->\n';
    expect(() => parseZones(text)).toThrow(/await loadZoneParser\(\) first/);
    await Promise.all([loadZoneParser(), loadZoneParser()]);
    const parsed = parseZones(text);
    expect(parsed.ok && parsed.value.zones.map((z) => [z.id, z.content])).toEqual([['a', '\nx\n']]);
  });
});

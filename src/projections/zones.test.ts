import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadZoneParser, parseZones, spliceZones, type ZonedDocument } from './zones.js';

beforeAll(() => loadZoneParser());

/** Markdown blocks that a remark round trip would rewrite, so byte equality means something. */
const block = fc.oneof(
  fc.constantFrom(
    'Title\n=====',
    'Sub\n---',
    '# Heading with `code` and __bold__',
    '## Active Reminders',
    'Some *text* with a link https://example.com and trailing spaces  \nand a hard break.',
    '| a | b |\n|---|:-:|\n| 1 | 2 |',
    '- one\n- two\n  continued',
    '1. first\n2) second',
    '> quoted\n> text',
    '```js\n<!-- STATE:BEGIN zone_id=fake schema=v1 -->\nconst x = 1;\n```',
    '    indented code',
    '***',
    '<div>\nraw html\n</div>',
    'Ünïcödé — “quotes” 🙂',
    '',
  ),
  fc
    .array(fc.constantFrom('word', 'Tahoe', 'in', '2026-02-19', '*em*', '`x`', '_u_', 'a.b', '-'), {
      minLength: 1,
      maxLength: 8,
    })
    .map((words) => words.join(' ')),
);

const zoneId = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);

/** A body Verity might write: markdown lines that never contain a zone marker. */
const body = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '- [ ] **Travel**: travel.status = in_progress',
        '_No active reminders._',
        '',
      ),
      fc.stringMatching(/^[A-Za-z0-9 .,:*_()[\]=+-]{0,40}$/),
    ),
    { maxLength: 5 },
  )
  .map((lines) => lines.join('\n').replace(/^\s+|\s+$/g, ''));

interface Generated {
  readonly source: string;
  readonly ids: readonly string[];
}

const document = fc
  .record({
    bom: fc.boolean(),
    crlf: fc.boolean(),
    blocks: fc.array(fc.array(block, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
    zones: fc.uniqueArray(fc.record({ id: zoneId, input: fc.boolean(), content: body }), {
      selector: (z) => z.id,
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ bom, crlf, blocks, zones }): Generated => {
    const parts: string[] = [];
    for (const [index, zone] of zones.entries()) {
      parts.push(...(blocks[index % blocks.length] ?? []));
      const kind = zone.input ? 'STATE-INPUT' : 'STATE';
      parts.push(
        `<!-- ${kind}:BEGIN zone_id=${zone.id} schema=v1 -->\n${zone.content}${zone.content === '' ? '' : '\n'}<!-- ${kind}:END zone_id=${zone.id} -->`,
      );
    }
    parts.push(...(blocks[blocks.length - 1] ?? []));
    let text = `${parts.join('\n\n')}\n`;
    if (crlf) text = text.replace(/\n/g, '\r\n');
    return { source: (bom ? '\uFEFF' : '') + text, ids: zones.map((z) => z.id) };
  });

/** The bytes outside every zone, in order, with a separator per zone. */
function outside(document: ZonedDocument): string[] {
  const pieces: string[] = [];
  let cursor = 0;
  for (const zone of document.zones) {
    pieces.push(document.text.slice(cursor, zone.contentStart));
    cursor = zone.contentEnd;
  }
  pieces.push(document.text.slice(cursor));
  return pieces;
}

function parsed(source: string): ZonedDocument {
  const result = parseZones(source);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('spliceZones (property)', () => {
  it('leaves every byte outside the zones unchanged, keeps BOM and line endings, and is idempotent', () => {
    fc.assert(
      fc.property(
        document,
        fc.array(body, { minLength: 3, maxLength: 3 }),
        ({ source, ids }, bodies) => {
          const before = parsed(source);
          expect(before.zones.map((z) => z.id)).toEqual(ids);
          const replacements = new Map(ids.map((id, i) => [id, bodies[i % bodies.length] ?? '']));
          const written = spliceZones(before, replacements);
          const after = parsed(written);
          expect(outside(after)).toEqual(outside(before));
          expect(written.startsWith('\uFEFF')).toBe(before.bom);
          expect(after.eol).toBe(before.eol);
          if (before.eol === '\n') expect(written.includes('\r')).toBe(false);
          for (const zone of after.zones) {
            const original = before.zones.find((z) => z.id === zone.id);
            if (zone.kind === 'STATE-INPUT') expect(zone.content).toBe(original?.content);
            else expect(zone.content.replace(/\r\n/g, '\n').trim()).toBe(replacements.get(zone.id));
          }
          expect(spliceZones(after, replacements)).toBe(written);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parseZones', () => {
  it('ignores markers inside fenced code', () => {
    const result = parseZones('```\n<!-- STATE:BEGIN zone_id=a schema=v1 -->\n```\n');
    expect(result.ok && result.value.zones).toEqual([]);
  });

  it.each([
    ['an unclosed zone', '<!-- STATE:BEGIN zone_id=a schema=v1 -->\ntext\n', 'UNCLOSED_ZONE'],
    ['an END without BEGIN', '<!-- STATE:END zone_id=a -->\n', 'UNOPENED_ZONE'],
    [
      'a duplicate zone',
      '<!-- STATE:BEGIN zone_id=a schema=v1 -->\n<!-- STATE:END zone_id=a -->\n\n<!-- STATE:BEGIN zone_id=a schema=v1 -->\n<!-- STATE:END zone_id=a -->\n',
      'DUPLICATE_ZONE',
    ],
    [
      'a nested zone',
      '<!-- STATE:BEGIN zone_id=a schema=v1 -->\n<!-- STATE:BEGIN zone_id=b schema=v1 -->\n',
      'NESTED_ZONE',
    ],
    ['an inline marker', 'text <!-- STATE:BEGIN zone_id=a schema=v1 --> more\n', 'INLINE_MARKER'],
    ['a marker without a schema', '<!-- STATE:BEGIN zone_id=a -->\n', 'UNOPENED_ZONE'],
  ])('refuses %s', (_name, source, code) => {
    const result = parseZones(source);
    expect(result.ok ? null : result.error.code).toBe(code);
  });

  it('keeps the indentation of a zone nested in a list item', () => {
    const source =
      '- item\n\n  <!-- STATE:BEGIN zone_id=a schema=v1 -->\n  old\n  <!-- STATE:END zone_id=a -->\n- next\n';
    const document = parsed(source);
    const written = spliceZones(document, new Map([['a', 'one\ntwo']]));
    expect(written).toBe(
      '- item\n\n  <!-- STATE:BEGIN zone_id=a schema=v1 -->\n  one\n  two\n  <!-- STATE:END zone_id=a -->\n- next\n',
    );
  });

  it('reads marker attributes such as entity', () => {
    const document = parsed(
      '<!-- STATE:BEGIN zone_id=active_reminders schema=v1 entity=user:primary -->\n<!-- STATE:END zone_id=active_reminders -->\n',
    );
    expect(document.zones[0]?.attributes).toEqual({
      zone_id: 'active_reminders',
      schema: 'v1',
      entity: 'user:primary',
    });
  });
});

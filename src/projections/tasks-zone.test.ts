import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { templateFor, withTasksZone } from './project-document.js';
import { loadZoneParser, parseZones } from './zones.js';

beforeAll(() => loadZoneParser());

const zone = (id: string, eol: string) =>
  `<!-- STATE:BEGIN zone_id=${id} schema=v1 -->${eol}<!-- STATE:END zone_id=${id} -->`;

/** A HEARTBEAT.md as an older Verity wrote it (no tasks zone), with free text around its zones. */
const oldHeartbeat = fc
  .record({
    eol: fc.constantFrom('\n', '\r\n'),
    bom: fc.boolean(),
    prose: fc.array(
      fc.stringMatching(/^[A-Za-z0-9 .,:#*-]{0,40}$/).filter((line) => !line.includes('<!--')),
      { minLength: 3, maxLength: 3 },
    ),
    trailingNewline: fc.boolean(),
  })
  .map(({ eol, bom, prose, trailingNewline }) => {
    const body = [
      '# Heartbeat',
      prose[0] ?? '',
      '## Active Reminders',
      zone('active_reminders', eol),
      prose[1] ?? '',
      '## State Change Log',
      zone('state_change_log', eol),
      prose[2] ?? '',
    ].join(eol);
    return `${bom ? '\uFEFF' : ''}${body}${trailingNewline ? eol : ''}`;
  });

describe('withTasksZone', () => {
  it('appends the tasks zone at the end and leaves every byte before it unchanged', () => {
    fc.assert(
      fc.property(oldHeartbeat, (source) => {
        const updated = withTasksZone(source, 'HEARTBEAT.md');
        expect(updated.startsWith(source)).toBe(true);
        const parsed = parseZones(updated);
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(parsed.value.zones.map((z) => z.id)).toEqual([
          'active_reminders',
          'state_change_log',
          'tasks',
        ]);
        // The appended lines use the document's own line ending.
        const eol = source.includes('\r\n') ? '\r\n' : '\n';
        expect(updated.slice(source.length)).toMatch(
          new RegExp(`^(${eol})?${eol}## Tasks${eol}${eol}<!-- STATE:BEGIN zone_id=tasks`),
        );
        if (eol === '\r\n') {
          expect(updated.slice(source.length).replace(/\r\n/g, '')).not.toContain('\n');
        }
        // Idempotent: a document with the zone is left alone.
        expect(withTasksZone(updated, 'HEARTBEAT.md')).toBe(updated);
      }),
    );
  });

  it('leaves the template, other files and documents without Verity zones alone', () => {
    const template = templateFor('HEARTBEAT.md');
    expect(withTasksZone(template, 'HEARTBEAT.md')).toBe(template);
    const memory = templateFor('MEMORY.md');
    expect(withTasksZone(memory, 'MEMORY.md')).toBe(memory);
    expect(withTasksZone('# Heartbeat\n\nnotes only\n', 'HEARTBEAT.md')).toBe(
      '# Heartbeat\n\nnotes only\n',
    );
    const unbalanced = `# Heartbeat\n<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->\n`;
    expect(withTasksZone(unbalanced, 'HEARTBEAT.md')).toBe(unbalanced);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-11-21T15:00:00Z';

/** A Claude Code transcript line of session `s-forget`. */
function line(uuid: string, role: 'user' | 'assistant', text: string, minute: number): string {
  const content = role === 'user' ? text : [{ type: 'text', text }];
  return JSON.stringify({
    type: role,
    sessionId: 's-forget',
    uuid,
    parentUuid: null,
    timestamp: `2026-11-21T14:${String(minute).padStart(2, '0')}:00Z`,
    message: { role, content },
  });
}

describe('verity memory forget of an entry drawn from a message with another', () => {
  const cli = useCliHome('verity-cli-forget-memory-passages-', {
    now: NOW,
    config: (dir) => ({ embeddings: { provider: 'none' }, workspace: join(dir, 'workspace') }),
  });

  async function approved(session: readonly string[]): Promise<{ id: string; text: string }[]> {
    const file = join(cli.dir, 'session.jsonl');
    writeFileSync(file, `${session.join('\n')}\n`);
    await cli.ok(['capture', file, '--trigger', 'shutdown', '--sync']);
    await cli.ok(['reflect']);
    const { proposals } = JSON.parse(await cli.ok(['proposals', 'list', '--json'])) as {
      proposals: { proposal_id: string; text: string }[];
    };
    for (const p of proposals) await cli.ok(['proposals', 'approve', p.proposal_id]);
    return proposals.map((p) => ({ id: `m-${p.proposal_id.slice(2)}`, text: p.text }));
  }

  it('takes its passages and the echoes of it, and leaves the other entry and a mere mention', async () => {
    const entries = await approved([
      line(
        'u1',
        'user',
        'Deploys go through Fly.io, app name billing-worker-stg for staging. CI is GitHub Actions.',
        10,
      ),
      line('u2', 'assistant', 'Got it: Fly.io app billing-worker-stg, CI on GitHub Actions.', 11),
      // The echo in other words goes too; a reply naming one of the two things does not.
      line('u3', 'assistant', 'Noted that staging runs as billing-worker-stg on Fly.io.', 12),
      line('u4', 'assistant', 'I checked the Fly.io status page and the queue is healthy.', 13),
    ]);
    const fly = entries.find((e) => e.text.startsWith('Deploys go through'));
    const ci = entries.find((e) => e.text.startsWith('CI is GitHub Actions'));
    if (fly === undefined || ci === undefined) throw new Error(JSON.stringify(entries));
    // The assistant's "Got it: …" confirms the person's lines: the reflector folds it into the
    // entry it restates (both provenances kept), so no second entry holds the app name and
    // forgetting takes one entry without asking.
    expect(entries.filter((e) => e.text.includes('billing-worker-stg'))).toEqual([fly]);
    const result = JSON.parse(await cli.ok(['memory', 'forget', fly.id, '--json'])) as {
      memories_forgotten: string[];
      messages_redacted: string[];
    };
    expect(result.memories_forgotten).toEqual([fly.id]);
    expect(result.messages_redacted).toEqual([
      'session:s-forget/u1',
      'session:s-forget/u2',
      'session:s-forget/u3',
    ]);

    const memory = readFileSync(join(cli.dir, 'workspace', 'MEMORY.md'), 'utf8');
    expect(memory).toContain(ci.id);
    expect(await cli.ok(['memory', 'list', '--all'])).toContain(ci.id);
    const shown = [
      memory,
      await cli.ok(['ask', 'How do we deploy? Fly.io app?']),
      await cli.ok(['search', 'billing-worker-stg', '--json']),
      await cli.ok(['search', 'staging app name', '--json']),
      readFileSync(join(cli.dir, 'workspace', 'memory', '2026-11-21.md'), 'utf8'),
    ];
    for (const text of shown) expect(text).not.toContain('billing-worker-stg');
    // The message keeps its other sentence; the mere mention stays searchable.
    expect(await cli.ok(['search', 'CI GitHub Actions', '--json'])).toContain('u1');
    expect(await cli.ok(['search', 'status page queue healthy', '--json'])).toContain('u4');
    expect(await cli.ok(['rebuild', '--verify'])).toContain('verified: yes');
  });
});

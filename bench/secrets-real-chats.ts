// npx tsx bench/secrets-real-chats.ts — how many messages of real chats the secret detector masks
// (issue #13, ADR 2026-11-27-secrets-in-memory). LoCoMo and LongMemEval-S dev hold almost no
// secrets, so a message masked there is most likely a near-miss lost: this counts them. Each
// message is masked with `askedBefore` over its session, as every surface masks a conversation,
// the sides told apart by `turnSide` (LoCoMo names its two speakers). Prints the counts and the
// masked messages' ids, so two runs can be diffed message by message.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { askedBefore, maskSecrets, turnSide } from '../src/language/index.js';

interface Row {
  readonly session_id: string;
  readonly message_id: string;
  readonly role: string;
  readonly content: string;
  readonly speaker?: string;
}

const root = join(import.meta.dirname, '..', '..', 'shared', 'bench');
const sets = [
  ['locomo', join(root, 'locomo', 'sessions.jsonl')],
  ['longmemeval_s_dev', join(root, 'longmemeval_s_dev', 'sessions.jsonl')],
] as const;

for (const [name, file] of sets) {
  if (!existsSync(file)) {
    console.log(`${name}: ${file} is missing, skipped`);
    continue;
  }
  const sessions = new Map<string, Row[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as Row;
    sessions.set(row.session_id, [...(sessions.get(row.session_id) ?? []), row]);
  }
  const masked: string[] = [];
  let messages = 0;
  for (const rows of sessions.values()) {
    const turns = rows.map((r) => ({ side: turnSide(r.role, r.speaker), text: r.content }));
    rows.forEach((r, i) => {
      messages += 1;
      if (maskSecrets(r.content, askedBefore(turns, i)) !== r.content) masked.push(r.message_id);
    });
  }
  console.log(`${name}: ${masked.length} of ${messages} messages masked`);
  for (const id of masked) console.log(`  ${id}`);
}

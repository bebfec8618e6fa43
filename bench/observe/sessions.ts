// Reads bench/observe/sessions.txt (hand-written sessions: "# <id> <date>" then "HH:MM role: text"
// lines, continuation lines joined to the message above, "\n" for a line break) into Verity's
// session JSONL, the format `verity capture` reads.
import { readFileSync } from 'node:fs';

/** One bench session as Verity JSONL. */
export interface BenchSession {
  readonly id: string;
  readonly date: string;
  readonly jsonl: string;
  readonly messages: number;
}

/** Loads every session of the file. */
export function loadSessions(path: string): BenchSession[] {
  const out: BenchSession[] = [];
  for (const block of readFileSync(path, 'utf8')
    .split(/^# /m)
    .filter((b) => b.trim() !== '')) {
    const [head, ...lines] = block.trim().split('\n');
    const [id = '', date = ''] = (head ?? '').split(' ');
    const messages: { role: string; content: string; time: string }[] = [];
    for (const line of lines) {
      const m = /^(\d\d:\d\d) (user|assistant|tool|system): (.*)$/.exec(line);
      if (m?.[1] && m[2] && m[3] !== undefined) {
        messages.push({ time: m[1], role: m[2], content: m[3].replace(/\\n/g, '\n') });
      } else {
        const last = messages[messages.length - 1];
        if (last) last.content += `\n${line.replace(/\\n/g, '\n')}`;
      }
    }
    const jsonl = messages
      .map((m, i) =>
        JSON.stringify({
          message_id: `${id}-m${String(i + 1).padStart(2, '0')}`,
          role: m.role,
          content: m.content,
          created_at: `${date}T${m.time}:00Z`,
        }),
      )
      .join('\n');
    out.push({ id, date, jsonl: `${jsonl}\n`, messages: messages.length });
  }
  return out;
}

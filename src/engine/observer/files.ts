// REVIEW.md, MEMORY.md and the daily logs the observer writes into the workspace.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError, toIso } from '../../core/index.js';
import {
  type CaptureRecord,
  dailyLogHeader,
  MEMORY_SECTIONS,
  type MemorySection,
  memoryZoneId,
  type ObserverOutput,
  readFriction,
  readMemory,
  readProposals,
  renderDailyLogSection,
  renderMemoryZone,
  renderReview,
  writeMemorySections,
} from '../../observer/index.js';
import { parseZones } from '../../projections/index.js';
import { readTextFile, writeTextFile } from '../../vault/index.js';
import type { ObserverRuntime } from './runtime.js';

/** Rewrites REVIEW.md from the pending proposals and friction fixes. */
export async function writeReview(rt: ObserverRuntime): Promise<void> {
  const text = renderReview(
    await readProposals(rt.store),
    await readFriction(rt.store),
    toIso(rt.clock.now()),
  );
  await writeTextFile(rt.reviewPath, text);
}

/** Rewrites the MEMORY.md zones of every section something was promoted to (bytes kept when unchanged). */
export async function writeMemory(rt: ObserverRuntime): Promise<void> {
  const memory = await readMemory(rt.store);
  const existing = (await readTextFile(rt.memoryPath)) ?? '';
  const zones = parseZones(existing);
  const present = new Set(zones.ok ? zones.value.zones.map((z) => z.id) : []);
  const bodies = new Map<MemorySection, string>();
  for (const section of MEMORY_SECTIONS) {
    // A section gets a zone once something was promoted to it; emptied zones stay, empty.
    if (memory.some((m) => m.section === section) || present.has(memoryZoneId(section))) {
      bodies.set(section, renderMemoryZone(memory, section));
    }
  }
  if (bodies.size === 0) return;
  const written = writeMemorySections(existing, bodies);
  if (!written.ok) {
    throw new EngineError('VALIDATION_FAILED', `MEMORY.md: ${written.error.message}`, {
      line: written.error.line,
    });
  }
  if (written.value !== existing) await writeTextFile(rt.memoryPath, written.value);
}

/** Appends one observer run to the day's log `memory/YYYY-MM-DD.md`; returns its path. */
export async function appendDailyLog(
  rt: ObserverRuntime,
  output: ObserverOutput,
  capture: CaptureRecord,
): Promise<string> {
  const path = join(rt.workspace, 'memory', `${output.date}.md`);
  await mkdir(join(rt.workspace, 'memory'), { recursive: true });
  const existing = await readTextFile(path);
  const section = renderDailyLogSection(output, {
    trigger: capture.trigger,
    capturedAt: capture.captured_at.slice(11, 16),
    messageCount: capture.entry_count,
  });
  await appendFile(
    path,
    `${existing === null ? dailyLogHeader(output.date) : '\n'}${section}`,
    'utf8',
  );
  return path;
}

/** Rewrites REVIEW.md and MEMORY.md from state. */
export async function writeFiles(rt: ObserverRuntime): Promise<void> {
  await writeReview(rt);
  await writeMemory(rt);
}

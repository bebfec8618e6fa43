import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// A deploy or release event from a webhook (CI, repository or deploy bot), read by its parts
// rather than by one layout: the event (a deploy, a published release), its target (production),
// its outcome (succeeded, failed, pending), the project and the version, in prose or as JSON
// fields. Written before the reading, per the near-miss protocol of ADR
// 2026-11-27-held-out-anatomy: each near-miss keeps the format and changes one part (a failed,
// pending or rolled-back outcome, another environment, a draft or pre-release, no deploy at all),
// and must commit nothing under `project.`. Every text was written for this test (in no
// benchmark file).

/** The readings under `project.` of one webhook payload strong enough to commit. */
function committed(text: string): string[] {
  return readMessage(text, { source: 'webhook', entityId: 'team:core' })
    .filter((o) => o.field.startsWith('project.') && o.evidence !== 'weak')
    .filter((o) => o.intent === 'assertive' || o.intent === 'planning')
    .map(asReading);
}

describe('near-misses of a deploy or release event', () => {
  it('commits nothing for a deploy that failed, was rolled back or has not finished', () => {
    for (const text of [
      'deploy-bot: FAILED deploying kestrel v2.1.0 to production (health check timeout)',
      // Committed `project.rollback_to_v2_0_9.status=shipped` before this reading.
      'deploy-bot: FAILED deploying kestrel v2.1.0 to production. Rollback to v2.0.9 completed.',
      'Deploy of kestrel v2.1.0 to production rolled back after errors',
      'deploy-bot: deploying kestrel v2.1.0 to production... started',
      'deploy-bot: kestrel v2.1.0 -> production awaiting approval',
      '{"event":"deployment","status":"failure","environment":"production","project":"kestrel","version":"2.1.0"}',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });

  it('commits nothing for a deploy to another environment than production', () => {
    for (const text of [
      '[deploy] kestrel v2.1.0 -> staging: SUCCESS',
      'Vercel: preview deployment ready for kestrel v2.1.0',
      '{"event":"deployment","status":"success","environment":"staging","project":"kestrel","version":"2.1.0"}',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });

  it('commits nothing for a draft or a pre-release, or for an event that is no deploy', () => {
    for (const text of [
      'GitHub: pre-release published - kestrel v2.2.0-rc.1',
      'GitHub: draft release created - kestrel v2.2.0',
      'CI: all tests passed for kestrel v2.1.0 on main',
      'Dependabot: bump lodash from 4.17.20 to 4.17.21 in kestrel',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });
});

describe('a deploy or release event', () => {
  it('reads the project as shipped at the version, in several layouts', () => {
    const shipped = [
      'project.osprey.status=shipped (strong)',
      'project.osprey.version=3.4.0 (strong)',
    ];
    for (const text of [
      'deploy-bot: SUCCEEDED deploying osprey v3.4.0 to production. All checks green.',
      'Production deploy of osprey v3.4.0 finished successfully',
      'osprey v3.4.0 deployed to prod',
      'GitHub: a new osprey release is out, tagged v3.4.0',
      '{"event":"deployment","status":"success","environment":"production","project":"osprey","version":"3.4.0"}',
    ]) {
      expect(committed(text), text).toEqual(shipped);
    }
  });

  it('reads a production deploy without a version as shipped', () => {
    expect(committed('Deploy: CI released tern-api (build 88) to production')).toEqual([
      'project.tern_api.status=shipped (strong)',
    ]);
  });
});

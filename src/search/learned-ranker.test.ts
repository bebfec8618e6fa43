import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BASE_FEATURE_NAMES,
  candidateFeatures,
  checkModel,
  FEATURE_NAMES,
  FEATURE_SETS,
  type FeatureCandidate,
  type FeatureQuery,
  RECALL_FEATURE_NAMES,
  SESSION_FEATURE_NAMES,
  scoreFeatures,
  TRAIN_DEFAULTS,
  type TrainingQuery,
  trainRanker,
} from './learned-ranker.js';
import shipped from './learned-ranker.json' with { type: 'json' };

const at = (minute: number) => Date.UTC(2024, 0, 1, 10, minute);

function candidate(
  key: string,
  thread: string,
  minute: number,
  bm25: number | null,
  vector: number | null,
): FeatureCandidate {
  return {
    key,
    thread,
    createdAt: at(minute),
    bm25,
    vector,
    textRank: bm25 === null ? Infinity : 0,
    vectorRank: vector === null ? Infinity : 0,
    length: 40,
  };
}

function query(text: string, base: Record<string, number>): FeatureQuery {
  return {
    text,
    base: new Map(Object.entries(base)),
    inWindow: () => false,
    textConfidence: 1,
    vectorConfidence: 1,
    lengthSpread: 0.2,
  };
}

const column = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

describe('candidateFeatures', () => {
  it('gives each candidate one value per feature name', () => {
    const rows = candidateFeatures(
      [candidate('a', 's1', 1, 2, 0.5), candidate('b', 's1', 2, null, 0.3)],
      query('what did I cook', { a: 0.8, b: 0.4 }),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(FEATURE_NAMES.length);
  });

  it("lends a candidate its session's scores and the scores of the turns around it", () => {
    const rows = candidateFeatures(
      [
        candidate('early', 's1', 1, 1, null),
        candidate('middle', 's1', 2, 1, null),
        candidate('late', 's1', 3, 1, null),
        candidate('alone', 's2', 1, 1, null),
      ],
      query('when was the trip', { early: 0.2, middle: 1, late: 0.6, alone: 0.5 }),
    );
    const [early, middle, late, alone] = rows;
    expect(middle?.[column('before_score')]).toBeCloseTo(0.2);
    expect(middle?.[column('after_score')]).toBeCloseTo(0.6);
    expect(early?.[column('before_score')]).toBe(0);
    expect(late?.[column('after_score')]).toBe(0);
    expect(middle?.[column('session_sum')]).toBeCloseTo(0.8);
    expect(middle?.[column('session_best')]).toBeCloseTo(0.6);
    expect(alone?.[column('session_sum')]).toBe(0);
    expect(alone?.[column('session_share')]).toBe(0);
  });

  it('reads cue words of the query into the products they modulate', () => {
    const candidates = [candidate('a', 's1', 1, 2, 0.9), candidate('b', 's1', 5, 1, 0.1)];
    const latest = candidateFeatures(candidates, query('what is my current job', { a: 1, b: 0.5 }));
    const plain = candidateFeatures(candidates, query('what job', { a: 1, b: 0.5 }));
    expect(latest[1]?.[column('recency_x_latest')]).toBe(1);
    expect(plain[1]?.[column('recency_x_latest')]).toBe(0);
    expect(latest[1]?.[column('length_x_first_person')]).toBeGreaterThan(0);
    expect(plain[1]?.[column('length_x_first_person')]).toBe(0);
  });
});

const DAY = 86_400_000;
const sessionColumn = (name: (typeof SESSION_FEATURE_NAMES)[number]) =>
  SESSION_FEATURE_NAMES.indexOf(name);

/** Two sessions a day apart: s1 (early 1.0, late 0.5) on day 0, s2 (only 0.8) on day 1. */
function twoSessions(text: string, window: FeatureQuery['window'] = null) {
  const candidates = [
    candidate('early', 's1', 1, 2, 0.5),
    candidate('late', 's1', 2, 1, 0.4),
    { ...candidate('next', 's2', 1, 1, 0.6), createdAt: at(1) + DAY },
  ];
  const rows = candidateFeatures(
    candidates,
    { ...query(text, { early: 1, late: 0.5, next: 0.8 }), window },
    SESSION_FEATURE_NAMES,
  );
  const [early, late, next] = rows;
  return { early: early ?? [], late: late ?? [], next: next ?? [] };
}

describe('recall columns', () => {
  // A request (s1, minute 1) and the reply after it (minute 2, longer).
  const pair = [
    candidate('request', 's1', 1, 2, 0.6),
    { ...candidate('reply', 's1', 2, 1, 0.4), length: 900 },
  ];
  const rows = (text: string) =>
    candidateFeatures(pair, query(text, { request: 1, reply: 0.5 }), RECALL_FEATURE_NAMES);

  it("read the reply's length and its request's score on questions about what was said", () => {
    const [request, reply] = rows('Can you remind me what you recommended for the trip?');
    expect(reply?.[0]).toBeCloseTo(Math.log1p(900));
    expect(reply?.[1]).toBe(1);
    expect(request?.[1]).toBe(0);
    const [, reworded] = rows('In our previous conversation, which hotel was it?');
    expect(reworded?.[0]).toBeCloseTo(Math.log1p(900));
  });

  it('are 0 for any other question, first-person ones included', () => {
    for (const text of ['What did I recommend for the trip?', 'Can you recommend a hotel?']) {
      for (const row of rows(text)) expect(row).toEqual([0, 0]);
    }
  });
});

describe('session columns', () => {
  it("read the candidate's session: mean, best, its rank, its size and the rank within it", () => {
    const { early, late, next } = twoSessions('what did I cook');
    expect(early[sessionColumn('session_mean')]).toBeCloseTo(0.75);
    expect(next[sessionColumn('session_mean')]).toBeCloseTo(0.8);
    expect(late[sessionColumn('session_max')]).toBe(1);
    expect(early[sessionColumn('session_rank')]).toBe(1);
    expect(next[sessionColumn('session_rank')]).toBe(0.5);
    expect(late[sessionColumn('session_count')]).toBeCloseTo(Math.log(3));
    expect(next[sessionColumn('session_count')]).toBeCloseTo(Math.log(2));
    expect(early[sessionColumn('rank_in_session')]).toBe(1);
    expect(late[sessionColumn('rank_in_session')]).toBe(0.5);
    expect(next[sessionColumn('rank_in_session')]).toBe(1);
  });

  it('rank sessions by date, and read that recency for current-value questions only', () => {
    const current = twoSessions('what is my current job');
    expect(current.next[sessionColumn('session_recency')]).toBe(1);
    expect(current.late[sessionColumn('session_recency')]).toBe(0);
    expect(current.next[sessionColumn('session_recency_x_latest')]).toBe(1);
    const reworded = twoSessions('where do I live these days');
    expect(reworded.next[sessionColumn('session_recency_x_latest')]).toBe(1);
    // Near miss: a past job, not the current one.
    const past = twoSessions('what was my first job');
    expect(past.next[sessionColumn('session_recency')]).toBe(1);
    expect(past.next[sessionColumn('session_recency_x_latest')]).toBe(0);
  });

  it('measure the session date against the period the query names, 0 when it names none', () => {
    // The period is day 1 (one day wide): s2 is inside, s1 a day before it.
    const window = { start: at(0) + DAY, end: at(0) + 2 * DAY };
    const when = twoSessions('when did I go hiking', window);
    expect(when.next[sessionColumn('session_date_closeness')]).toBe(1);
    const before = when.early[sessionColumn('session_date_closeness')] ?? 0;
    expect(before).toBeGreaterThan(0.49);
    expect(before).toBeLessThan(0.51);
    expect(when.next[sessionColumn('session_date_closeness_x_temporal')]).toBe(1);
    const reworded = twoSessions('how many days ago did I go hiking', window);
    expect(reworded.next[sessionColumn('session_date_closeness_x_temporal')]).toBe(1);
    // Near miss: a period but no temporal cue keeps only the plain column.
    const plain = twoSessions('what did I pack for hiking last week', window);
    expect(plain.next[sessionColumn('session_date_closeness')]).toBe(1);
    expect(plain.next[sessionColumn('session_date_closeness_x_temporal')]).toBe(0);
    const none = twoSessions('when did I go hiking');
    expect(none.next[sessionColumn('session_date_closeness')]).toBe(0);
  });

  it('put the named columns in the order asked, feature set 1 columns included', () => {
    const candidates = [candidate('a', 's1', 1, 2, 0.5), candidate('b', 's2', 2, 1, 0.3)];
    const q = query('what did I cook', { a: 1, b: 0.5 });
    const full = candidateFeatures(candidates, q);
    const mixed = candidateFeatures(candidates, q, ['session_rank', 'bm25', 'base']);
    expect(mixed[1]).toEqual([0.5, full[1]?.[column('bm25')], full[1]?.[column('base')]]);
    expect(() => candidateFeatures(candidates, q, ['no_such_column'])).toThrow(/unknown feature/);
  });
});

/** Queries where the relevant candidate is the one with the higher `bm25` feature, not base. */
function syntheticQueries(width: number = FEATURE_NAMES.length): TrainingQuery[] {
  const queries: TrainingQuery[] = [];
  for (let q = 0; q < 12; q += 1) {
    const features: number[][] = [];
    const relevant: boolean[] = [];
    for (let c = 0; c < 8; c += 1) {
      const row = new Array<number>(width).fill(0);
      row[column('base')] = ((q * 7 + c * 3) % 8) / 8;
      row[column('bm25')] = c === q % 8 ? 1 : ((c * 5 + q) % 7) / 10;
      features.push(row);
      relevant.push(c === q % 8);
    }
    queries.push({ features, relevant, weight: 1 / 12 });
  }
  return queries;
}

describe('trainRanker', () => {
  it('retrains to the same bytes', () => {
    const width = BASE_FEATURE_NAMES.length;
    const once = JSON.stringify(
      trainRanker(syntheticQueries(width), undefined, BASE_FEATURE_NAMES),
    );
    const twice = JSON.stringify(
      trainRanker(syntheticQueries(width), undefined, BASE_FEATURE_NAMES),
    );
    expect(twice).toBe(once);
    // Trained on feature set 1's columns, the model names set 1 (the digest predates set 2).
    expect(JSON.parse(once).version).toBe(1);
    // Two runs in one process share every cache; the digest pins the bytes across processes and
    // machines (any change to the training order or rounding shows here).
    expect(createHash('sha256').update(once).digest('hex')).toBe(
      'bea5f8a8d29ab7a4bfa991d2a8cc8a32097b0fec866eef12200df4cb8e96da58',
    );
  });

  it('learns which feature marks the relevant candidates', () => {
    const model = trainRanker(syntheticQueries());
    expect(model.weights[column('bm25')]).toBeGreaterThan(0);
    for (const q of syntheticQueries()) {
      const scores = q.features.map((row) => scoreFeatures(model, row));
      const best = scores.indexOf(Math.max(...scores));
      expect(q.relevant[best]).toBe(true);
    }
  });
});

describe('trainRanker with pairs weighted by NDCG', () => {
  it('is deterministic, leaves the default bytes alone and still finds the marking feature', () => {
    const ndcg = { ...TRAIN_DEFAULTS, pairWeights: 'ndcg' as const };
    const once = JSON.stringify(trainRanker(syntheticQueries(), ndcg));
    expect(JSON.stringify(trainRanker(syntheticQueries(), ndcg))).toBe(once);
    expect(once).not.toBe(JSON.stringify(trainRanker(syntheticQueries())));
    const explicit = { ...TRAIN_DEFAULTS, pairWeights: 'uniform' as const };
    expect(JSON.stringify(trainRanker(syntheticQueries(), explicit))).toBe(
      JSON.stringify(trainRanker(syntheticQueries())),
    );
    const model = JSON.parse(once);
    expect(model.weights[column('bm25')]).toBeGreaterThan(0);
    for (const q of syntheticQueries()) {
      const scores = q.features.map((row) => scoreFeatures(model, row));
      expect(q.relevant[scores.indexOf(Math.max(...scores))]).toBe(true);
    }
  });
});

describe('trainRanker with extra columns', () => {
  it('names and fits the columns it is given, and search refuses the model', () => {
    const names = [...FEATURE_NAMES, 'extra'];
    const queries = syntheticQueries().map((q) => ({
      ...q,
      // The extra column marks the relevant candidate; the base columns still do too.
      features: q.features.map((row, index) => [...row, q.relevant[index] ? 1 : 0]),
    }));
    const model = trainRanker(queries, undefined, names);
    expect(model.features).toEqual(names);
    expect(model.weights).toHaveLength(names.length);
    expect(model.weights[names.length - 1]).toBeGreaterThan(0);
    expect(() => checkModel(model)).toThrow(/retrain/);
  });
});

describe('checkModel', () => {
  it('accepts the shipped model', () => {
    expect(() => checkModel(shipped)).not.toThrow();
  });

  it('reads every listed feature set, the current one and older ones', () => {
    for (const [version, names] of Object.entries(FEATURE_SETS)) {
      const model = {
        version: Number(version),
        features: [...names],
        mean: names.map(() => 0),
        scale: names.map(() => 1),
        weights: names.map(() => 0),
      };
      expect(() => checkModel(model)).not.toThrow();
      expect(() => checkModel({ ...model, version: Number(version) + 100 })).toThrow(/retrain/);
    }
  });

  it('refuses a model trained on another feature set', () => {
    expect(() => checkModel({ ...shipped, features: shipped.features.slice(1) })).toThrow(
      /retrain/,
    );
  });
});

/** A seeded pseudo-random stream (mulberry32), so the set is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 160 candidates, most in one session (a one-thread pack), with ties in time and score. */
function randomPack(): { candidates: FeatureCandidate[]; query: FeatureQuery } {
  const random = seeded(17);
  const candidates: FeatureCandidate[] = [];
  const base: Record<string, number> = {};
  for (let i = 0; i < 160; i += 1) {
    const key = `m${String(i).padStart(3, '0')}`;
    const thread = random() < 0.9 ? 'one' : `other${Math.floor(random() * 3)}`;
    const bm25 = random() < 0.2 ? null : Math.round(random() * 20) / 2;
    const vector = random() < 0.2 ? null : Math.round(random() * 100) / 100;
    candidates.push({
      ...candidate(key, thread, Math.floor(random() * 40), bm25, vector),
      textRank: bm25 === null ? Infinity : i,
      vectorRank: vector === null ? Infinity : 159 - i,
      length: Math.floor(random() * 400),
    });
    base[key] = Math.round(random() * 8) / 8;
  }
  return { candidates, query: query('what did I say first about the trip', base) };
}

describe('candidateFeatures on one large session', () => {
  const { candidates, query: pack } = randomPack();
  // Feature set 1's columns: the digest below was taken before the session columns existed.
  const rows = candidateFeatures(candidates, pack, BASE_FEATURE_NAMES);

  it('gives every candidate the session features a scan over its session gives', () => {
    const best = Math.max(...pack.base.values());
    const base = (key: string) => (pack.base.get(key) ?? 0) / best;
    candidates.forEach((c, index) => {
      const members = candidates
        .filter((m) => m.thread === c.thread)
        .sort((a, b) => a.createdAt - b.createdAt || (a.key < b.key ? -1 : 1));
      const at = members.findIndex((m) => m.key === c.key);
      const others = members.filter((m) => m.key !== c.key);
      const row = rows[index] ?? [];
      expect(row[column('session_share')]).toBe(others.length / candidates.length);
      expect(row[column('session_best')]).toBe(Math.max(0, ...others.map((m) => base(m.key))));
      expect(row[column('before_score')]).toBe(at > 0 ? base(members[at - 1]?.key ?? '') : 0);
      expect(row[column('after_score')]).toBe(
        at < members.length - 1 ? base(members[at + 1]?.key ?? '') : 0,
      );
    });
  });

  it('gives the same vectors, byte for byte, as the scan it replaced', () => {
    // Hash of the rows the former per-candidate scan (findIndex / filter / reduce) produced.
    const digest = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
    expect(digest).toBe('6d903e49934c33725a01439dfc24d2a8264eaa7dfd740f8f64c6f376689ad105');
  });
});

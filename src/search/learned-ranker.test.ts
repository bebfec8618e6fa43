import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  candidateFeatures,
  checkModel,
  FEATURE_NAMES,
  type FeatureCandidate,
  type FeatureQuery,
  scoreFeatures,
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

/** Queries where the relevant candidate is the one with the higher `bm25` feature, not base. */
function syntheticQueries(): TrainingQuery[] {
  const queries: TrainingQuery[] = [];
  for (let q = 0; q < 12; q += 1) {
    const features: number[][] = [];
    const relevant: boolean[] = [];
    for (let c = 0; c < 8; c += 1) {
      const row = new Array<number>(FEATURE_NAMES.length).fill(0);
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
    const once = JSON.stringify(trainRanker(syntheticQueries()));
    const twice = JSON.stringify(trainRanker(syntheticQueries()));
    expect(twice).toBe(once);
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
  const rows = candidateFeatures(candidates, pack);

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

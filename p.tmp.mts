import { extractWithRules } from './src/extract/rule-extractor.js';
import { EMPTY_REGISTRY } from './src/extract/types.js';
for (const [text, src] of [['[deploy] kestrel v2.0.0 -> production: SUCCESS (pipeline #5521, triggered by ingrid.solberg)','webhook'], ['GitHub: release published - harmattan v3.2.0','webhook'], ['Sankofa: owner Tomasz, deadline 2026-05-29. in progress','chat'], ["Aurora's deadline is March 20. Let's plan the sprints backwards from that.",'chat'], ['Meridian redesign in progress, deadline 2026-12-15','chat'], ['[deploy] lantern v1.8.0 -> staging: SUCCESS (pipeline #8841)','webhook']]) {
const r = extractWithRules({ text, at: '2026-03-02T05:30:00Z', source: src, role: 'user', entityId: 'team:x', known: [], registry: EMPTY_REGISTRY });
console.log(text.slice(0,40), JSON.stringify(r.observations.map(o=>[o.field,o.value])));}

/**
 * The asker's side of a fleet question: the boxes' parts merged into one answer. The answer always
 * names the boxes that answered (with their coverage), the boxes that were silent by the deadline
 * (the answer is then partial, and says so), and the boxes with no matching camera; parts read as
 * another measure than most boxes read the question are named and left out, never merged.
 */
import type { Evidence } from '../answer.js';
import { describeQuery } from '../query/describe.js';
import type { Query } from '../query/schema.js';
import { formatLocal } from '../time.js';
import { mergeValue, type MergeInput, type Merged } from './merge-value.js';
import type { FleetAnswer, FleetBox, FleetDropped, FleetPart, FleetPartValue } from './protocol.js';

/** Options of {@link mergeParts}. */
export interface MergeOptions {
  /** IANA zone of times in the text. */
  timeZone: string;
  /** Boxes known to be online (from retained status) that sent no part by the deadline. */
  silent?: readonly string[];
  /** Parts the asker dropped unverified: named in the answer, never merged. */
  dropped?: readonly FleetDropped[];
}

const secs = (s: number): string => `${Math.round(s * 10) / 10} s`;

/** A box's own short figure, from its part. */
function brief(p: FleetPartValue, tz: string): string {
  switch (p.kind) {
    case 'count':
      return String(Math.round(p.n * 1000) / 1000);
    case 'timeline': {
      const known = p.steps.filter((s): s is [number, number] => s[1] !== null).map((s) => s[1]);
      return known.length ? `${Math.min(...known)} to ${Math.max(...known)} at once` : 'no settled count';
    }
    case 'visits':
    case 'moments': {
      const t = p.kind === 'visits' ? p.items[0]?.start : p.items[0]?.ts;
      return t === undefined ? 'none' : `${p.items.length} candidate${p.items.length === 1 ? '' : 's'} from ${formatLocal(t, tz)}`;
    }
    case 'stats':
      return p.count ? `${p.count} visit${p.count === 1 ? '' : 's'}, ${secs(p.total / 1000)} in all` : 'no visit';
    case 'list':
      return `${p.total}`;
    case 'opaque':
      return 'see its answer';
  }
}

function valueText(m: Merged, tz: string): string {
  switch (m.kind) {
    case 'none':
      return `I cannot tell: ${m.why ?? 'no box holds such a fact'}.`;
    case 'count':
      return `${Number(m.value)}.`;
    case 'seconds':
      return `${secs(Number(m.value))}.`;
    case 'boolean':
      return `${m.value ? 'Yes' : 'No'}.`;
    case 'time':
      return `At ${formatLocal(Date.parse(typeof m.value === 'string' ? m.value : ''), tz)}.`;
    case 'visit': {
      const v = m.value as { start: string; end: string; seconds: number };
      return `From ${formatLocal(Date.parse(v.start), tz)} to ${formatLocal(Date.parse(v.end), tz)}, ${secs(v.seconds)}.`;
    }
    case 'list': {
      const items = (m.items ?? []).slice(0, 12).map((i) => `${formatLocal(Number(i.ts ?? i.start ?? i.firstSeen ?? 0), tz)} ${typeof i.kind === 'string' ? i.kind : typeof i.label === 'string' ? i.label : ''} on ${typeof i.camera === 'string' ? i.camera : '?'} of box ${i.node}`.replace(/\s+/g, ' '));
      return Number(m.value) === 0 ? 'None.' : `${Number(m.value)}: ${items.join('; ')}${Number(m.value) > items.length ? '; ...' : ''}.`;
    }
  }
}

const cov = (c: FleetPart['coverage'], tz: string): string => (c ? `${formatLocal(Date.parse(c.from), tz)} to ${formatLocal(Date.parse(c.to), tz)}` : 'no coverage');
const names = (xs: readonly string[]): string => xs.join(', ');

/** The measure of most boxes' reading (ties: the first box's, by node id). */
function majority(parts: readonly FleetPart[]): string | null {
  const n = new Map<string, number>();
  for (const p of [...parts].sort((a, b) => a.node.localeCompare(b.node))) if (p.query) n.set(JSON.stringify(p.query.measure), (n.get(JSON.stringify(p.query.measure)) ?? 0) + 1);
  let best: string | null = null;
  for (const [k, c] of n) if (best === null || c > (n.get(best) ?? 0)) best = k;
  return best;
}

/**
 * Merges the parts received for one question.
 * @param parts every valid part received by the deadline (one per box; duplicates are ignored)
 */
export function mergeParts(parts: readonly FleetPart[], o: MergeOptions): FleetAnswer {
  const tz = o.timeZone;
  const seen = new Set<string>();
  const uniq = [...parts].filter((p) => !seen.has(p.node) && seen.add(p.node)).sort((a, b) => a.node.localeCompare(b.node));
  const silent = [...new Set(o.silent ?? [])].filter((n) => !seen.has(n)).sort();
  const boxes: FleetBox[] = uniq.map((p) => ({ node: p.node, status: p.status, ms: p.ms, coverage: p.coverage, cameras: p.cameras, ...(p.answer ? { answer: p.answer } : {}) }));
  const ok = uniq.filter((p) => p.status === 'ok');
  const key = majority(ok);
  const merged = ok.filter((p) => p.query && JSON.stringify(p.query.measure) === key);
  const other = ok.filter((p) => p.query && JSON.stringify(p.query.measure) !== key);
  const opaque = ok.filter((p) => p.part?.kind === 'opaque' || !p.query);
  const inputs: MergeInput[] = merged.filter((p) => p.part).map((p) => ({ node: p.node, part: p.part as FleetPartValue, ...(p.coverage ? { coverageEnd: Date.parse(p.coverage.to) } : {}) }));
  const untold = merged.filter((p) => !p.part);
  const q: Query | undefined = merged[0]?.query;
  const negate = merged.some((p) => p.negate === true);
  const m: Merged | null = q && inputs.length > 0 ? mergeValue(q, inputs, negate) : null;
  const lines: string[] = [];
  const answered = ok.length;
  lines.push(`Fleet answer from ${answered} box${answered === 1 ? '' : 'es'}${silent.length ? ` (partial: ${silent.length} did not answer)` : ''}:`);
  if (m) lines.push(valueText(m, tz));
  if (q) lines.push(`Read as: ${describeQuery(q, tz)}.`);
  if (m) lines.push(...m.notes.map((n) => (/[.!?]$/.test(n) ? n : `${n}.`)));
  else if (opaque.length === 0) lines.push(ok.length === 0 ? 'No box holds a camera, zone or line the question names.' : 'No box could tell.');
  if (merged.length) lines.push(`Answered: ${merged.map((p) => `${p.node} ${p.part ? brief(p.part, tz) : 'cannot tell'} (${p.cameras.length} camera${p.cameras.length === 1 ? '' : 's'}, memory ${cov(p.coverage, tz)})`).join('; ')}.`);
  for (const p of untold) lines.push(`Box ${p.node} could not tell: ${p.why ?? 'no fact'}.`);
  for (const p of opaque) lines.push(`Box ${p.node} says: ${p.answer ?? '(nothing)'}`);
  if (other.length) lines.push(`Not merged (read as another question): ${other.map((p) => `${p.node} (${p.query ? describeQuery(p.query, tz) : '?'})`).join('; ')}.`);
  const noMatch = uniq.filter((p) => p.status === 'none');
  if (noMatch.length) lines.push(`No matching camera: ${names(noMatch.map((p) => p.node))}.`);
  const failed = uniq.filter((p) => p.status === 'refused' || p.status === 'error');
  if (failed.length) lines.push(`Could not answer: ${failed.map((p) => `${p.node} (${p.why ?? p.status})`).join('; ')}.`);
  if (silent.length) lines.push(`Did not answer by the deadline: ${names(silent)}; the answer leaves out their cameras.`);
  if (noMatch.length === uniq.length && uniq.length > 0 && noMatch[0]?.why) lines.push(`(${noMatch[0].node}: ${noMatch[0].why}.)`);
  const dropped = [...(o.dropped ?? [])];
  for (const d of dropped) lines.push(`Dropped a part claiming to be from ${d.node}: ${d.why}.`);
  const evidence = uniq.flatMap((p) => (p.evidence ?? []).slice(0, 5).map((e: Evidence) => ({ node: p.node, ...e })));
  return {
    answer: lines.join(' '),
    value: m ? m.value : null,
    partial: silent.length > 0 || other.length > 0,
    boxes,
    missing: silent,
    evidence,
    dropped,
  };
}

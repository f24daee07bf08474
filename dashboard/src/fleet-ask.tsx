/**
 * "Ask the fleet": one question to every box (WebSocket `fleet.ask`), answered with the merged
 * answer, whether it is partial, each box's part (status, time, coverage, cameras, its own
 * sentence), the boxes that did not answer and the evidence tagged with its box.
 */
import { useState } from 'preact/hooks';
import type { Evidence } from '../../planner/answer.js';
import { clock, localiseIso, span as timeSpan } from './format.js';
import { WireError, type WireClient } from './wire-client.js';

/** One box's part of a fleet answer (as the fleet protocol's `FleetAnswer.boxes`). */
export interface FleetAnswerBox {
  node: string;
  /** `ok`, `none` (no matching camera), `refused` or `error`. */
  status: string;
  ms: number;
  coverage: { from: string | null; to: string | null } | null;
  cameras: string[];
  answer?: string;
}

/** The result of `fleet.ask` (the fleet protocol's `FleetAnswer`). */
export interface FleetAnswer {
  answer: string;
  value: unknown;
  partial: boolean;
  boxes: FleetAnswerBox[];
  missing: string[];
  evidence: (Evidence & { node: string })[];
}

/** A coverage range in words. */
function span(c: FleetAnswerBox['coverage']): string {
  if (!c?.from || !c.to) return 'no coverage';
  return timeSpan(c.from, c.to);
}

/** The error of a fleet question, in words (the daemon may not speak `fleet.ask` yet). */
export function fleetAskError(e: unknown): string {
  if (e instanceof WireError && e.code === 'UNKNOWN_TYPE') return `This box cannot ask the fleet: its daemon does not know the request "fleet.ask" (UNKNOWN_TYPE: ${e.message}). Update it to a version with fleet questions.`;
  if (e instanceof WireError) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/** The merged answer with its per-box parts. */
function FleetAnswerView({ a }: { a: FleetAnswer }) {
  return (
    <div class="answer fleet-answer" id="fleet-answer">
      <p class="answer-text">{localiseIso(a.answer)}</p>
      {a.partial ? (
        <p class="warn-text" role="status">
          Partial: {a.missing.length ? `no answer from ${a.missing.join(', ')} by the deadline` : 'not every box answered'}.
        </p>
      ) : null}
      <div class="table-wrap">
        <table class="objects-table fleet-parts" aria-label="answers of each box">
          <thead>
            <tr>
              <th scope="col">Box</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">Coverage</th>
              <th scope="col">Cameras</th>
              <th scope="col">Its answer</th>
            </tr>
          </thead>
          <tbody>
            {a.boxes.map((b) => (
              <tr key={b.node} data-node={b.node}>
                <td>{b.node}</td>
                <td class={`part-${b.status}`}>{b.status}</td>
                <td>{Math.round(b.ms)} ms</td>
                <td>{span(b.coverage)}</td>
                <td>{b.cameras.join(', ') || '—'}</td>
                <td>{b.answer ?? ''}</td>
              </tr>
            ))}
            {a.missing.map((n) => (
              <tr key={`missing-${n}`} data-node={n} class="missing">
                <td>{n}</td>
                <td colSpan={5}>did not answer by the deadline</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {a.evidence.length ? (
        <ul class="fleet-evidence" aria-label="evidence by box">
          {a.evidence.slice(0, 30).map((e, i) => (
            <li key={i}>
              <b>{e.node}</b> · {e.camera} · {clock(e.start)}–{clock(e.end)}
            </li>
          ))}
        </ul>
      ) : (
        <p class="meta">No evidence.</p>
      )}
    </div>
  );
}

/** The fleet question box. */
export function FleetAskBox({ client, ready }: { client: WireClient; ready: boolean }) {
  const [question, setQuestion] = useState('');
  const [deadline, setDeadline] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<FleetAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const q = question.trim();
    if (!q || busy) return;
    setBusy(true);
    setAnswer(null);
    setError(null);
    try {
      const r = await client.requestRaw('fleet.ask', deadline ? { question: q, deadlineMs: Number(deadline) } : { question: q });
      setAnswer(r as FleetAnswer);
    } catch (err) {
      setError(fleetAskError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <form class="ask-form" onSubmit={(e) => void submit(e)}>
        <label for="fleet-question">Question to every box</label>
        <div class="row">
          <input id="fleet-question" type="text" placeholder="How many people came in today, over all sites?" value={question} onInput={(e) => setQuestion(e.currentTarget.value)} autoComplete="off" />
          <label class="sr-only" for="fleet-deadline">
            Deadline
          </label>
          <select id="fleet-deadline" value={deadline} onChange={(e) => setDeadline(e.currentTarget.value)}>
            <option value="">default deadline</option>
            <option value="1000">1 s</option>
            <option value="3000">3 s</option>
            <option value="10000">10 s</option>
          </select>
          <button type="submit" disabled={!ready || busy}>
            {busy ? 'Asking the fleet…' : 'Ask the fleet'}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={busy}>
        {error ? (
          <p class="error fleet-ask-error" role="alert">
            {error}
          </p>
        ) : null}
        {answer ? <FleetAnswerView a={answer} /> : null}
      </div>
    </div>
  );
}

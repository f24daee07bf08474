/**
 * The question box: the answer streams in (plan, thoughts, tool calls, partial answers, the MCTS
 * tree, critic rounds), then the answer with its evidence as thumbnails that move the timeline,
 * and the coverage it rests on.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer, AskProgress, Evidence, PlannerName } from '../../planner/answer.js';
import { withToken } from './auth.js';
import { answerParts, tidy, type ShownAnswer } from './answer-parts.js';
import { clock, span } from './format.js';
import { OBJECT_ID, type PeopleDirectory } from './people.js';
import type { Cursor } from './timeline.js';
import type { WireClient } from './wire-client.js';

type TreeNode = Extract<AskProgress, { type: 'tree' }>['nodes'][number];

/** The search tree as nested lists. */
function Tree({ nodes }: { nodes: TreeNode[] }) {
  const kids = (id: number | null): TreeNode[] => nodes.filter((n) => n.parent === id);
  const branch = (list: TreeNode[]) => (
    <ul>
      {list.map((n) => (
        <li key={n.id} class={`node ${n.status}`}>
          {n.action} <span class="meta">R {n.reward.toFixed(2)} · {n.visits} visit{n.visits === 1 ? '' : 's'} · {n.status}</span>
          {kids(n.id).length ? branch(kids(n.id)) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <div class="tree" aria-label="search tree">
      {branch(kids(null))}
    </div>
  );
}

/** One progress line. */
function Step({ p }: { p: AskProgress }) {
  switch (p.type) {
    case 'plan':
      return <li class="plan">Plan ({p.planner}): {p.text}</li>;
    case 'thought':
      return <li class="thought">Step {p.step}: {p.text}</li>;
    case 'tool':
      return (
        <li class={`tool ${p.ok ? 'ok' : 'failed'}`}>
          <details>
            <summary>
              Tool <code>{p.tool}</code> {p.ok ? '' : '(failed) '}
              <span class="meta">{Math.round(p.ms)} ms</span>
            </summary>
            <pre>{JSON.stringify(p.input, null, 1)}</pre>
            <pre>{p.output}</pre>
          </details>
        </li>
      );
    case 'partial':
      return <li class="partial">Draft: {p.text}</li>;
    case 'critic':
      return (
        <li class="critic">
          Critic round {p.round}: {p.scores.map((s) => `${s.criterion} ${s.score}/5`).join(', ')}. {p.feedback}
        </li>
      );
    default:
      return null;
  }
}

/** Evidence thumbnails; each moves the timeline to its time. */
function EvidenceList({ evidence, onEvidence, people }: { evidence: Evidence[]; onEvidence: (c: Cursor) => void; people: PeopleDirectory }) {
  if (!evidence.length) return <p class="meta">No evidence.</p>;
  return (
    <ul class="evidence" aria-label="evidence">
      {evidence.slice(0, 24).map((e, i) => {
        const ts = Date.parse(e.start);
        const src = withToken(e.snapshot ?? `/api/cameras/${encodeURIComponent(e.camera)}/keyframe.jpg?ts=${ts}`);
        const who = (e.trackIds ?? []).map((id) => people.name(id)).filter((n): n is string => !!n);
        return (
          <li key={i}>
            <button type="button" class="ev-thumb" onClick={() => onEvidence({ camera: e.camera, ts })} aria-label={`Show ${e.camera} at ${clock(ts)} on the timeline`}>
              <img src={src} alt="" loading="lazy" onError={(ev) => (ev.currentTarget.style.visibility = 'hidden')} />
              <span>
                {e.camera} {clock(e.start)}–{clock(e.end)}
              </span>
              {who.length ? <span class="who">{who.join('; ')}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The coverage an answer rests on, in words. */
function CoverageLine({ a }: { a: Answer }) {
  const c = a.coverage;
  if (!c.from || !c.to) return <p class="coverage">Coverage: the memory is empty.</p>;
  return (
    <p class="coverage">
      Coverage: {span(c.from, c.to)}
      {c.gaps.length ? `, with ${c.gaps.length} gap${c.gaps.length === 1 ? '' : 's'} (${c.gaps.slice(0, 3).map((g) => `${g.camera} ${span(g.start, g.end)}`).join(', ')}${c.gaps.length > 3 ? ', …' : ''})` : ', no gaps'}.
    </p>
  );
}

/** An answer read at a glance: the value big, then how the question was read, then the rest and the evidence. */
function AnswerView({ a, people, onEvidence }: { a: ShownAnswer; people: PeopleDirectory; onEvidence: (c: Cursor) => void }) {
  useEffect(() => {
    people.loadIds([...new Set([...(a.answer.match(OBJECT_ID) ?? []), ...a.evidence.flatMap((e) => e.trackIds ?? [])])]);
  }, [a, people]);
  const p = answerParts(a);
  return (
    <div class="answer" id="answer">
      {p.value !== null ? <p class="answer-value">{people.rename(p.value)}</p> : null}
      {p.detail ? <p class="answer-detail">{people.rename(p.detail)}</p> : null}
      {p.items.length ? (
        <ul class="answer-items">
          {p.items.map((i, k) => (
            <li key={k}>{people.rename(i)}</li>
          ))}
        </ul>
      ) : null}
      {p.readAs ? <p class="read-as">{p.readAs}</p> : null}
      {p.notes ? <p class="answer-notes">{people.rename(p.notes)}</p> : null}
      <EvidenceList evidence={a.evidence} onEvidence={onEvidence} people={people} />
      <CoverageLine a={a} />
      <p class="meta">
        {a.planner} planner · {a.cost.calls} model call{a.cost.calls === 1 ? '' : 's'} · {a.cost.tokens} tokens · {Math.round(a.cost.ms)} ms
      </p>
    </div>
  );
}

/** A refusal: what was not understood, as a plain notice, and example questions to ask instead (no evidence). */
function Refusal({ a, onAsk }: { a: Answer; onAsk: (q: string) => void }) {
  // a question the parser would not read: its coded line (`refusal`), not the prose split apart; other refusals (a time no longer kept) keep their whole text
  const coded = a.refusal && a.answer.startsWith(`I could not answer: ${a.refusal.why}.`) ? `I could not answer: ${a.refusal.why}.` : undefined;
  const why = tidy(coded ?? a.answer.split(' You can ask, for example:')[0] ?? a.answer);
  return (
    <div class="answer refusal" id="answer" role="status">
      <p class="refusal-text">{why}</p>
      {a.examples?.length ? (
        <div class="examples" role="group" aria-label="Example questions">
          <span class="meta">Try: </span>
          {a.examples.map((q) => (
            <button type="button" class="chip" key={q} onClick={() => onAsk(q)}>
              {q}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The ask form and the streamed answer. */
export function AskBox({ client, ready, onEvidence, people }: { client: WireClient; ready: boolean; onEvidence: (c: Cursor) => void; people: PeopleDirectory }) {
  const [question, setQuestion] = useState('');
  const [planner, setPlanner] = useState<'' | PlannerName>('');
  const [busy, setBusy] = useState(false);
  const [steps, setSteps] = useState<AskProgress[]>([]);
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [answer, setAnswer] = useState<ShownAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [askId, setAskId] = useState<string | null>(null);

  const submit = (e: Event): Promise<void> => {
    e.preventDefault();
    return run(question.trim());
  };

  const run = async (q: string): Promise<void> => {
    if (!q || busy) return;
    setBusy(true);
    setSteps([]);
    setTree(null);
    setAnswer(null);
    setError(null);
    const id = client.nextId();
    setAskId(id);
    try {
      const a = await client.ask(
        q,
        (p) => {
          if (p.type === 'tree') setTree(p.nodes);
          else if (p.type !== 'final') setSteps((s) => [...s, p]);
        },
        planner || undefined,
        id,
      );
      setAnswer(a);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      setAskId(null);
    }
  };

  return (
    <div>
      <form class="ask-form" onSubmit={(e) => void submit(e)}>
        <label for="question">Question about the last hours</label>
        <div class="row">
          <input id="question" name="question" type="text" placeholder="How many people were at the table?" value={question} onInput={(e) => setQuestion(e.currentTarget.value)} autoComplete="off" />
          <label class="sr-only" for="planner">
            Planner
          </label>
          <select id="planner" value={planner} onChange={(e) => setPlanner(e.currentTarget.value as '' | PlannerName)}>
            <option value="">auto</option>
            <option value="offline">offline</option>
            <option value="react">ReAct</option>
            <option value="mcts">MCTS</option>
          </select>
          <button type="submit" disabled={!ready || busy}>
            {busy ? 'Asking…' : 'Ask'}
          </button>
          {busy && askId ? (
            <button type="button" class="ghost" onClick={() => void client.request('ask.cancel', { askId }).catch(() => undefined)}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      <div class="answer-area" aria-live="polite" aria-busy={busy}>
        {steps.length ? (
          <ol class="steps" aria-label="how the answer is being worked out">
            {steps.map((p, i) => (
              <Step key={i} p={p} />
            ))}
          </ol>
        ) : null}
        {tree ? <Tree nodes={tree} /> : null}
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        {answer?.refused ? (
          <Refusal
            a={answer}
            onAsk={(q) => {
              setQuestion(q);
              void run(q);
            }}
          />
        ) : answer ? (
          <AnswerView a={answer} people={people} onEvidence={onEvidence} />
        ) : null}
      </div>
    </div>
  );
}

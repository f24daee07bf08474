/**
 * Alert rules (list, enable/disable, remove, add structured or in words); the alerts they fired
 * are listed by `alerts.tsx`.
 */
import { useState } from 'preact/hooks';
import type { AlertRule, CountOp, RuleInfo, RuleTrigger, WsRequestMap } from '../../edge/api/wire.js';
import { clock } from './format.js';
import type { WireClient } from './wire-client.js';

/** The count condition's operators (the questions' own) in words. */
const OP_WORDS: Record<CountOp, string> = { ge: 'at least', gt: 'more than', le: 'at most', lt: 'fewer than', eq: 'exactly', ne: 'other than' };

/** A rule's condition in words. */
export function describeRule(r: AlertRule): string {
  const what = `${r.class ?? 'any object'}${r.zone ? ` in ${r.zone}` : ''}${r.camera ? ` on ${r.camera}` : ''}`;
  const t = r.trigger;
  const cond = t.type === 'count' ? `${OP_WORDS[t.op]} ${t.n}${t.forSeconds ? ` for ${t.forSeconds} s` : ''}` : t.type === 'dwell' ? `stays ${t.seconds} s` : t.type === 'absence' ? `absent ${t.seconds} s` : t.type === 'sound' ? `loud sound${t.minDbfs !== undefined ? ` ≥ ${t.minDbfs} dBFS` : ''}` : `crosses ${t.line}${t.direction && t.direction !== 'any' ? ` ${t.direction}` : ''}`;
  return `${what}: ${cond}`;
}

/** The structured rule form's fields. */
interface Draft {
  id: string;
  camera: string;
  cls: string;
  zone: string;
  kind: RuleTrigger['type'];
  op: CountOp;
  value: string;
  seconds: string;
  line: string;
  cooldown: string;
}

const NEW: Draft = { id: '', camera: '', cls: 'person', zone: '', kind: 'count', op: 'ge', value: '1', seconds: '10', line: '', cooldown: '60' };

/** Builds the rule from the form. */
function toRule(d: Draft): AlertRule {
  const n = (s: string): number => Number(s);
  const trigger: RuleTrigger = d.kind === 'count' ? { type: 'count', op: d.op, n: n(d.value), ...(n(d.seconds) > 0 ? { forSeconds: n(d.seconds) } : {}) } : d.kind === 'line' ? { type: 'line', line: d.line } : { type: d.kind, seconds: n(d.seconds) };
  return {
    id: d.id.trim(),
    ...(d.camera ? { camera: d.camera } : {}),
    ...(d.cls.trim() ? { class: d.cls.trim() } : {}),
    ...(d.zone.trim() ? { zone: d.zone.trim() } : {}),
    trigger,
    cooldownSeconds: n(d.cooldown),
    enabled: true,
  };
}

function Field({ id, label, children }: { id: string; label: string; children: preact.ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
    </div>
  );
}

/** The structured rule form. */
function RuleForm({ cameras, onSave }: { cameras: string[]; onSave: (r: AlertRule) => Promise<void> }) {
  const [d, setD] = useState<Draft>(NEW);
  const set = (k: keyof Draft) => (e: Event) => setD({ ...d, [k]: (e.currentTarget as HTMLInputElement).value });
  return (
    <form
      class="rule-form"
      aria-label="add a rule"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(toRule(d))
          .then(() => setD(NEW))
          .catch(() => undefined);
      }}
    >
      <Field id="r-id" label="Rule id">
        <input id="r-id" required pattern="[A-Za-z0-9_\-]+" value={d.id} onInput={set('id')} placeholder="person-at-table" />
      </Field>
      <Field id="r-camera" label="Camera">
        <select id="r-camera" value={d.camera} onChange={set('camera')}>
          <option value="">any</option>
          {cameras.map((c) => (
            <option value={c}>{c}</option>
          ))}
        </select>
      </Field>
      <Field id="r-class" label="Class">
        <input id="r-class" value={d.cls} onInput={set('cls')} placeholder="person" />
      </Field>
      <Field id="r-zone" label="Zone">
        <input id="r-zone" value={d.zone} onInput={set('zone')} placeholder="whole frame" />
      </Field>
      <Field id="r-kind" label="Trigger">
        <select id="r-kind" value={d.kind} onChange={set('kind')}>
          <option value="count">count</option>
          <option value="dwell">dwell</option>
          <option value="absence">absence</option>
          <option value="line">line crossing</option>
        </select>
      </Field>
      {d.kind === 'count' ? (
        <>
          <Field id="r-op" label="Comparison">
            <select id="r-op" value={d.op} onChange={set('op')}>
              {(['ge', 'gt', 'le', 'lt', 'eq', 'ne'] as const).map((o) => (
                <option value={o}>{OP_WORDS[o]}</option>
              ))}
            </select>
          </Field>
          <Field id="r-value" label="Count">
            <input id="r-value" type="number" min="0" value={d.value} onInput={set('value')} />
          </Field>
        </>
      ) : null}
      {d.kind === 'line' ? (
        <Field id="r-line" label="Line">
          <input id="r-line" required value={d.line} onInput={set('line')} />
        </Field>
      ) : (
        <Field id="r-seconds" label={d.kind === 'count' ? 'For seconds' : 'Seconds'}>
          <input id="r-seconds" type="number" min="0" value={d.seconds} onInput={set('seconds')} />
        </Field>
      )}
      <Field id="r-cooldown" label="Cooldown (s)">
        <input id="r-cooldown" type="number" min="0" value={d.cooldown} onInput={set('cooldown')} />
      </Field>
      <button type="submit">Add rule</button>
    </form>
  );
}

/** What `rules.compile` answers: the rule, its Read-as line and the reader that read it. */
type Reading = WsRequestMap['rules.compile']['result'];

/**
 * A rule in words: read by the daemon (offline by the question parser, or by its language model
 * when one is configured and the offline reader refused), shown as read, saved with `rules.put`
 * only when the person confirms.
 */
function WordsForm({ client, cameras, onSave }: { client: WireClient; cameras: string[]; onSave: (r: AlertRule) => Promise<void> }) {
  const [text, setText] = useState('');
  const [reading, setReading] = useState<Reading | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div class="words">
      <form
        aria-label="add a rule in words"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setReading(null);
          client
            .request('rules.compile', cameras.length === 1 && cameras[0] ? { text, camera: cameras[0] } : { text })
            .then(setReading)
            .catch((err: Error) => setError(err.message));
        }}
      >
        <label for="r-words">Rule in words</label>
        <div class="row">
          <input id="r-words" value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder="tell me when anyone stays at the table for 10 seconds" />
          <button type="submit" disabled={!text.trim()}>
            Read
          </button>
        </div>
        <p class="hint">For example: "tell me when fewer than 3 bottles are on the bench for 2 seconds", "alert if anyone stays at the table over a minute", "when someone crosses line door going forward after 7 pm".</p>
      </form>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {reading ? (
        <div class="proposal" role="region" aria-label="proposed rule">
          <p class="read-as">{reading.readAs}</p>
          <p class="meta">
            <strong>{reading.rule.id}</strong>: {describeRule(reading.rule)} · {reading.reader === 'words' ? 'read from the words' : 'proposed by the language model'}
          </p>
          {reading.reader === 'model' && reading.explanation !== reading.readAs ? <p class="meta">{reading.explanation}</p> : null}
          <button
            type="button"
            onClick={() =>
              void onSave({ ...reading.rule, description: reading.rule.description ?? text })
                .then(() => setReading(null))
                .catch(() => undefined)
            }>
            Confirm and add
          </button>{' '}
          <button type="button" class="ghost" onClick={() => setReading(null)}>
            Discard
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Rule list and forms. */
export function RulesView({ client, rules, admin, cameras, onRules }: { client: WireClient; rules: RuleInfo[]; admin: boolean; cameras: string[]; onRules: (r: RuleInfo[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<'structured' | 'words'>('structured');
  const refresh = (): Promise<void> => client.request('rules.list', {}).then((r) => onRules(r.rules));
  const run = (p: Promise<unknown>): Promise<void> =>
    p
      .then(refresh)
      .then(() => setError(null))
      .catch((e: Error) => {
        setError(e.message);
        throw e;
      });
  const save = (rule: AlertRule): Promise<void> => run(client.request('rules.put', { rule }));
  return (
    <div class="rules-view">
      <h3>Rules</h3>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {rules.length ? (
        <ul class="rule-list">
          {rules.map((r) => {
            const { source: _s, lastFiredAt, ...rule } = r;
            const on = r.enabled !== false;
            return (
              <li key={r.id} data-rule={r.id}>
                <label class="toggle">
                  <input type="checkbox" checked={on} disabled={!admin} onChange={() => void run(client.request('rules.put', { rule: { ...rule, enabled: !on } })).catch(() => undefined)} />
                  <span class="sr-only">enabled: </span>
                  <strong>{r.id}</strong>
                </label>
                <span class="meta">
                  {' '}
                  {describeRule(r)} · {r.source}
                  {lastFiredAt ? ` · fired ${clock(lastFiredAt)}` : ''}
                </span>
                {admin && r.source === 'runtime' ? (
                  <button type="button" class="ghost small" aria-label={`Remove rule ${r.id}`} onClick={() => void run(client.request('rules.delete', { ruleId: r.id })).catch(() => undefined)}>
                    Remove
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="empty">No rules.</p>
      )}
      {admin ? (
        <>
          <div class="tabs" role="group" aria-label="how to add a rule">
            <button type="button" aria-pressed={mode === 'structured'} onClick={() => setMode('structured')}>
              Structured
            </button>
            <button type="button" aria-pressed={mode === 'words'} onClick={() => setMode('words')}>
              In words
            </button>
          </div>
          {mode === 'structured' ? <RuleForm cameras={cameras} onSave={save} /> : <WordsForm client={client} cameras={cameras} onSave={save} />}
        </>
      ) : (
        <p class="hint">Managing rules needs an admin token.</p>
      )}
    </div>
  );
}

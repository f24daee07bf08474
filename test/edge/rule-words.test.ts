/**
 * Rules in words without a model (edge/rules/read-words.ts): sentences read by the question
 * parser into structured rules with their Read-as line, and sentences refused with the words
 * that could not be placed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AlertRule } from '../../edge/api/wire.js';
import { compileRule } from '../../edge/rules/compile.js';
import { RuleError } from '../../edge/rules/engine.js';
import type { RuleCompiler } from '../../edge/rules/nl.js';
import { readRuleWords, type WordsContext } from '../../edge/rules/read-words.js';
import { ruleSchema } from '../../edge/rules/schema.js';

const CTX: WordsContext = {
  cameras: { shelf: { zones: ['bench', 'shelf'], lines: [] }, door: { zones: ['table'], lines: ['B', 'gate'] } },
  timeZone: 'UTC',
  now: Date.parse('2026-11-27T12:00:00Z'),
};

/** The rule a sentence reads as, without its id and description (checked apart). */
function read(text: string): { rule: Omit<AlertRule, 'id' | 'description'>; readAs: string } {
  const r = readRuleWords(text, CTX);
  assert.ok(r.ok, `${text}: ${r.ok ? '' : r.why}`);
  const { id, description, ...rule } = r.rule;
  assert.match(id, /^[A-Za-z0-9_-]{1,64}$/);
  assert.equal(description, text);
  assert.ok(ruleSchema.safeParse(r.rule).success, 'the rule passes the rule schema');
  return { rule, readAs: r.readAs };
}

const READS: [string, Omit<AlertRule, 'id' | 'description'>][] = [
  // the three sentences of issue 26
  ['tell me when fewer than 3 bottles are on the bench for more than 2 seconds', { class: 'bottle', zone: 'bench', trigger: { type: 'count', op: 'lt', n: 3, forSeconds: 2 } }],
  ['alert if anyone stays at the table over a minute', { class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 60 } }],
  ['when someone crosses line B going in after 7 pm', { class: 'person', trigger: { type: 'line', line: 'B', direction: 'forward' }, timeOfDay: { from: '19:00', to: '00:00' } }],
  ['let me know if the bench is empty for 30 s', { zone: 'bench', trigger: { type: 'count', op: 'eq', n: 0, forSeconds: 30 } }],
  ['notify me when more than 2 people are at the table', { class: 'person', zone: 'table', trigger: { type: 'count', op: 'gt', n: 2 } }],
  ['tell me when anyone is at the table for 3 seconds', { class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 3 } }],
  ['alert me if a car is on camera door between 22:00 and 6:00', { camera: 'door', class: 'car', trigger: { type: 'count', op: 'ge', n: 1 }, timeOfDay: { from: '22:00', to: '06:00' } }],
  ['when there is a loud sound', { trigger: { type: 'sound' } }],
  ['tell me when someone crosses line gate', { class: 'person', trigger: { type: 'line', line: 'gate' } }],
  ['tell me when someone crosses line B going out', { class: 'person', trigger: { type: 'line', line: 'B', direction: 'backward' } }],
  ['alert if the bench is empty on weekends', { zone: 'bench', trigger: { type: 'count', op: 'eq', n: 0 }, timeOfDay: { from: '00:00', to: '00:00', days: [6, 7] } }],
  ['When at least 2 cups are on the bench for a minute.', { class: 'cup', zone: 'bench', trigger: { type: 'count', op: 'ge', n: 2, forSeconds: 60 } }],
  ['tell me when anyone comes to the table', { class: 'person', zone: 'table', trigger: { type: 'count', op: 'ge', n: 1 } }],
  ['warn me if exactly one bottle is on the bench before 7 am', { class: 'bottle', zone: 'bench', trigger: { type: 'count', op: 'eq', n: 1 }, timeOfDay: { from: '00:00', to: '07:00' } }],
  ['if more than 4 people are at the table for over 10 seconds', { class: 'person', zone: 'table', trigger: { type: 'count', op: 'gt', n: 4, forSeconds: 10 } }],
  ['tell me whenever a person stays at the table for at least 10 seconds', { class: 'person', zone: 'table', trigger: { type: 'dwell', seconds: 10 } }],
  ['let me know when at most 1 bottle is on the bench from 9:00 to 17:30', { class: 'bottle', zone: 'bench', trigger: { type: 'count', op: 'le', n: 1 }, timeOfDay: { from: '09:00', to: '17:30' } }],
  // "nobody" is read by the parser in "when" questions only: the hold is then taken by the rule glue
  ['let me know when nobody is at the table for 10 minutes', { class: 'person', zone: 'table', trigger: { type: 'count', op: 'eq', n: 0, forSeconds: 600 } }],
  ['tell me when someone crosses line B going in after 7 pm on weekdays', { class: 'person', trigger: { type: 'line', line: 'B', direction: 'forward' }, timeOfDay: { from: '19:00', to: '00:00', days: [1, 2, 3, 4, 5] } }],
];

for (const [text, want] of READS) {
  test(`reads "${text}"`, () => {
    const r = read(text);
    assert.deepEqual(r.rule, want);
    assert.match(r.readAs, /^Read as: alert when .+\.$/);
  });
}

test('the Read-as line says the condition, the place, the hold, the time of day and what was assumed', () => {
  assert.equal(read('tell me when fewer than 3 bottles are on the bench for more than 2 seconds').readAs, 'Read as: alert when fewer than 3 bottles are in zone bench of any camera for 2 s or longer.');
  assert.equal(
    read('when someone crosses line B going in after 7 pm').readAs,
    'Read as: alert when a person crosses line B going forward on any camera, between 19:00 and 00:00 local time (assumed: "going in" as the line\'s forward direction (the arrow drawn on it)).',
  );
  assert.match(read('tell me when anyone is at the table for 3 seconds').readAs, /stays in zone table of any camera for 3 s or longer \(assumed: "for 3 seconds" as once it has held that long\)/);
});

test('the class a place holds most is taken, and said, when the sentence names none', () => {
  const r = readRuleWords('let me know if the bench is empty for 30 s', { ...CTX, dominant: (_c, z) => (z === 'bench' ? 'bottle' : undefined) });
  assert.ok(r.ok);
  assert.equal(r.rule.class, 'bottle');
  assert.match(r.readAs, /no bottles are in zone bench .*assumed: .*bottle, the class seen most in zone bench, as the sentence names none/);
});

const REFUSALS: [string, RegExp][] = [
  ['tell me when the blue van parks badly', /"badly"/],
  ['tell me when the person in the red coat arrives', /not how its objects look \("in the red coat"\)/],
  ['tell me when a forklift is at the table', /"forklift" is not a detected class/],
  ['alert if anyone stays in zone kitchen for 10 seconds', /kitchen/],
  ['alert if fewer than 3 bottles are on the bench after 7', /"7" is an hour without minutes or am\/pm/],
  ['tell me when the third person arrives', /cannot pick "the first", "the third"/],
  ['tell me when someone was at the table yesterday', /names a period/],
  ['fewer than 3 bottles on the bench', /start it with "tell me when"/],
  ['tell me when someone crosses line Z', /there is no line called "z" \(lines: B, gate\)$/i],
  ['alert if people or cars are at the table', /"or"/],
  ['tell me when the table is empty at night', /names a period or a moment.*"between 22:00 and 06:00"/],
];

for (const [text, why] of REFUSALS) {
  test(`refuses "${text}", naming what it could not place`, () => {
    const r = readRuleWords(text, CTX);
    assert.equal(r.ok, false, JSON.stringify(r));
    assert.match(r.ok ? '' : r.why, why);
  });
}

test('rules.compile reads offline first and asks the model only when the offline reader refuses', async () => {
  const asked: string[] = [];
  const model: RuleCompiler = (text) => {
    asked.push(text);
    return Promise.resolve({ rule: { id: 'van', class: 'truck', trigger: { type: 'count', op: 'ge', n: 1 } }, explanation: 'a truck is seen' });
  };
  const words = await compileRule('notify me when more than 2 people are at the table', CTX, model);
  assert.deepEqual([words.reader, words.rule.trigger, asked], ['words', { type: 'count', op: 'gt', n: 2 }, []]);
  assert.equal(words.readAs, 'Read as: alert when more than 2 people are in zone table of any camera.');
  const modelled = await compileRule('tell me when the blue van parks badly', CTX, model);
  assert.deepEqual([modelled.reader, modelled.rule.id, asked], ['model', 'van', ['tell me when the blue van parks badly']]);
  assert.equal(modelled.readAs, 'Read as: alert when at least 1 truck is in any camera.');
  // no model: a coded refusal that names the words
  await assert.rejects(compileRule('tell me when the blue van parks badly', CTX, undefined), (e: unknown) => e instanceof RuleError && e.code === 'RULE_NOT_READ' && /"badly"/.test(e.message));
});

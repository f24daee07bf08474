/**
 * The zod schema of a structured alert rule, shared by the config file and the runtime APIs
 * (WebSocket `rules.put`, MQTT `vigil/<node>/request`). Its output type is the wire `AlertRule`.
 */
import { z } from 'zod';
import { Cmp } from '../../planner/query/schema.js';
import { CLOCK_EXAMPLE, clockProblem, normaliseClock } from './clock-time.js';
import { legacyTrigger } from './legacy-trigger.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A time of day as people write it ("19:00", "7pm", "7:30 pm"), kept as HH:MM; refused with an example. */
const clock = z
  .string({ error: (iss) => `${iss.input === undefined ? 'missing' : `${JSON.stringify(iss.input)} is not text`}: a time of day in quotes; ${CLOCK_EXAMPLE}` })
  .overwrite(normaliseClock)
  .superRefine((s, ctx) => {
    const problem = clockProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('Time of day: 24-hour "HH:MM" ("19:00"), or "7pm", "7:30 pm", "noon".');

/**
 * The trigger. A count trigger is the questions' count condition (`op` and `n`, as in
 * planner/query/schema.ts) held `forSeconds`; the older form `{op: '>=', value: 2}` is read as
 * `{op: 'ge', n: 2}` (see legacy-trigger.ts).
 */
const trigger = z.preprocess(legacyTrigger, z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('count'),
    op: Cmp.describe('Comparison of the count with n: ge (at least), gt (more than), le (at most), lt (fewer than), eq (exactly), ne (other than). The older ">=", ">", "<=", "<", "==" are read as ge, gt, le, lt, eq.'),
    n: z.number().int().min(0).max(10_000).describe('The number the count is compared with (the older name value is read as n).'),
    forSeconds: z.number().min(0).max(86_400).optional().describe('The condition must hold this long (default 0).'),
  }),
  z.strictObject({ type: z.literal('dwell'), seconds: z.number().positive().max(86_400).describe('One object stays at least this long.') }),
  z.strictObject({ type: z.literal('absence'), seconds: z.number().positive().max(86_400).describe('No matching object for at least this long.') }),
  z.strictObject({
    type: z.literal('line'),
    line: z.string().regex(ID).describe('Line id of the camera.'),
    direction: z.enum(['forward', 'backward', 'any']).optional().describe('Crossing direction (default any).'),
  }),
  z.strictObject({
    type: z.literal('sound'),
    minDbfs: z.number().max(0).optional().describe("Only sounds at least this loud (dBFS); the camera's audio.loudDbfs decides what counts as loud."),
  }),
]));

/** One structured alert rule. */
export const ruleSchema = z
  .strictObject({
    id: z.string().regex(ID, 'letters, digits, "_" or "-", 1-64 characters').describe('Rule id, used in the alert topic vigil/<node>/alerts/<id>.'),
    description: z.string().max(500).optional().describe('Human text, e.g. the natural-language rule it came from.'),
    camera: z.string().regex(ID).optional().describe('Camera to watch (all when omitted).'),
    class: z.string().min(1).max(64).optional().describe('Class label such as person (any when omitted).'),
    zone: z.string().regex(ID).optional().describe('Zone id of the camera (whole frame when omitted).'),
    trigger: trigger.describe('count (threshold, optionally held forSeconds), dwell, absence or line crossing.'),
    timeOfDay: z
      .strictObject({
        from: clock,
        to: clock,
        days: z.array(z.number().int().min(1).max(7)).optional().describe('ISO weekdays 1 (Monday)..7; all when omitted.'),
      })
      .optional()
      .describe('Only active between from and to, local time (timezone); from > to wraps midnight.'),
    cooldownSeconds: z.number().min(0).max(86_400).optional().describe('Seconds before the rule can fire again for a camera (default 60).'),
    enabled: z.boolean().optional().describe('Default true.'),
  })
  .describe('A structured alert rule.');

/** Default cooldown of a rule, seconds. */
export const DEFAULT_COOLDOWN_S = 60;

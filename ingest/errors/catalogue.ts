/**
 * The project's error catalogue: every stable error code of every layer, in one table, with the
 * HTTP status it is answered with, the public code an API body carries for it, the default
 * message and the class that raises it. Like fastify's `errors.js`: code -> status -> class.
 *
 * It lives in the lowest layer (ingest) so that every layer can raise a {@link VigilError}: layers
 * import downwards only (ingest <- memory <- planner <- edge). Each layer keeps its own thin
 * subclass (`MemoryError`, `SqlError`, `PlannerError`, `RuleError`, `ConfigError`, ...) whose
 * code type is a subset of {@link ErrorCode}, so `instanceof` still tells the layers apart and
 * the compiler refuses a code that is not in this table.
 *
 * Public codes (`wire` equal to the code) are the ones the HTTP, WebSocket and MQTT APIs document
 * and never change. Internal codes (memory, SQL, planner, config, command line) travel inside the
 * daemon, in logs and tool results; at an API boundary they are answered with their `wire` code.
 * The boundary builds every error body with `errorReply` (`errors/reply.ts`).
 */

/** One row of the catalogue. */
export interface CatalogueEntry {
  /** HTTP status of an error with this code. */
  readonly status: number;
  /** The public code an API error body (HTTP, WebSocket, MQTT) carries for it. */
  readonly wire: string;
  /** Message used when the thrower gives none. */
  readonly message: string;
  /** Name of the class that raises this code. */
  readonly owner: string;
}

/** Every stable error code, by code. */
export const ERROR_CATALOGUE = {
  // --- public codes of the HTTP, WebSocket and MQTT APIs (documented; never change) ---
  BAD_JSON: { status: 400, wire: 'BAD_JSON', message: 'the message is not a JSON object', owner: 'VigilError' },
  BAD_REQUEST: { status: 400, wire: 'BAD_REQUEST', message: 'the request fields are wrong', owner: 'VigilError' },
  UNKNOWN_TYPE: { status: 400, wire: 'UNKNOWN_TYPE', message: 'unknown request type', owner: 'VigilError' },
  PAYLOAD_TOO_LARGE: { status: 413, wire: 'PAYLOAD_TOO_LARGE', message: 'the message is too large', owner: 'VigilError' },
  UNAUTHORIZED: { status: 401, wire: 'UNAUTHORIZED', message: 'no token or an unknown token', owner: 'VigilError' },
  FORBIDDEN: { status: 403, wire: 'FORBIDDEN', message: "the token's scope does not allow this request", owner: 'VigilError' },
  NOT_FOUND: { status: 404, wire: 'NOT_FOUND', message: 'not found', owner: 'VigilError' },
  METHOD_NOT_ALLOWED: { status: 405, wire: 'METHOD_NOT_ALLOWED', message: 'method not allowed on this path', owner: 'VigilError' },
  RULE_INVALID: { status: 422, wire: 'RULE_INVALID', message: 'the rule is invalid', owner: 'RuleError' },
  RULE_NOT_READ: { status: 422, wire: 'RULE_NOT_READ', message: 'the sentence could not be read as a rule', owner: 'RuleError' },
  ZONES_INVALID: { status: 422, wire: 'ZONES_INVALID', message: 'the zones or lines are invalid', owner: 'ZoneOverlayError' },
  RULES_NO_MODEL: { status: 501, wire: 'RULES_NO_MODEL', message: 'natural-language rules need a language model (models.llm) and none is configured', owner: 'RulesNoModelError' },
  ASK_FAILED: { status: 500, wire: 'ASK_FAILED', message: 'answering the question failed', owner: 'VigilError' },
  BUSY: { status: 503, wire: 'BUSY', message: 'the daemon is busy; retry later', owner: 'VigilError' },
  NO_FRAME: { status: 503, wire: 'NO_FRAME', message: 'the camera has no frame yet', owner: 'VigilError' },
  NOT_READY: { status: 503, wire: 'NOT_READY', message: 'the part of the daemon this request needs is not running (starting or stopping); retry shortly', owner: 'VigilError' },
  INTERNAL: { status: 500, wire: 'INTERNAL', message: 'internal error', owner: 'VigilError' },
  FLEET_OFF: { status: 503, wire: 'ASK_FAILED', message: 'fleet questions need fleet.enabled and a connected MQTT broker', owner: 'VigilError' },
  FLEET_PEER_UNREACHABLE: { status: 502, wire: 'FLEET_PEER_UNREACHABLE', message: 'the other box could not be reached', owner: 'VigilError' },
  FLEET_PEER_TIMEOUT: { status: 504, wire: 'FLEET_PEER_TIMEOUT', message: 'the other box did not answer in time', owner: 'VigilError' },
  FLEET_PEER_REFUSED: { status: 502, wire: 'FLEET_PEER_REFUSED', message: 'the other box refused the request (check fleet.peers.<node>.token)', owner: 'VigilError' },
  FLEET_PEER_FAILED: { status: 502, wire: 'FLEET_PEER_FAILED', message: 'the other box answered with an error', owner: 'VigilError' },
  // --- configuration and command line (edge) ---
  CONFIG_INVALID: { status: 500, wire: 'INTERNAL', message: 'invalid configuration', owner: 'ConfigError' },
  USAGE: { status: 400, wire: 'BAD_REQUEST', message: 'bad command line', owner: 'UsageError' },
  FLEET_KEY: { status: 500, wire: 'INTERNAL', message: 'the fleet signing key could not be read, created or parsed', owner: 'VigilError' },
  // --- memory ---
  MEMORY_NOT_OPEN: { status: 503, wire: 'INTERNAL', message: 'the memory is not open', owner: 'MemoryError' },
  MEMORY_NOT_WRITABLE: { status: 503, wire: 'INTERNAL', message: 'the memory is not writable (disk nearly full)', owner: 'MemoryError' },
  MEMORY_WRITE_FAILED: { status: 500, wire: 'INTERNAL', message: 'a memory write failed', owner: 'MemoryError' },
  MEMORY_BAD_INPUT: { status: 500, wire: 'INTERNAL', message: 'the memory rejected an observation', owner: 'MemoryError' },
  MEMORY_READ_FAILED: { status: 500, wire: 'MEMORY_READ_FAILED', message: 'the memory could not be read: its data file is damaged', owner: 'MemoryError' },
  DATA_DIR_LOCKED: { status: 409, wire: 'INTERNAL', message: 'the data directory is in use by another vigil process', owner: 'DataDirLockError' },
  // --- the SQL view of the memory (messages are shown to a model) ---
  SQL_NOT_SELECT: { status: 400, wire: 'INTERNAL', message: 'only SELECT queries may run', owner: 'SqlError' },
  SQL_FORBIDDEN: { status: 400, wire: 'INTERNAL', message: 'the query uses a forbidden statement or function', owner: 'SqlError' },
  SQL_MULTIPLE_STATEMENTS: { status: 400, wire: 'INTERNAL', message: 'exactly one statement may run', owner: 'SqlError' },
  SQL_TIMEOUT: { status: 500, wire: 'INTERNAL', message: 'the query ran too long', owner: 'SqlError' },
  SQL_SYNTAX: { status: 400, wire: 'INTERNAL', message: 'the query is not valid SQL', owner: 'SqlError' },
  SQL_TOO_LARGE: { status: 400, wire: 'INTERNAL', message: 'the query would read too many rows', owner: 'SqlError' },
  // --- answering (planner) ---
  PLANNER_NO_MODEL: { status: 501, wire: 'ASK_FAILED', message: 'this planner needs a language model and none is configured', owner: 'PlannerError' },
  PLANNER_BUDGET_EXHAUSTED: { status: 500, wire: 'ASK_FAILED', message: 'the answering budget is exhausted', owner: 'PlannerError' },
  PLANNER_MODEL_FAILED: { status: 502, wire: 'ASK_FAILED', message: 'the language model failed', owner: 'PlannerError' },
  PLANNER_BAD_REPLY: { status: 502, wire: 'ASK_FAILED', message: 'the language model gave an unusable reply', owner: 'PlannerError' },
  PLANNER_ABORTED: { status: 500, wire: 'ASK_FAILED', message: 'answering was cancelled', owner: 'PlannerError' },
  TOOL_UNKNOWN: { status: 500, wire: 'ASK_FAILED', message: 'unknown tool', owner: 'PlannerError' },
  TOOL_BAD_INPUT: { status: 500, wire: 'ASK_FAILED', message: 'bad tool input', owner: 'PlannerError' },
  TOOL_FAILED: { status: 500, wire: 'ASK_FAILED', message: 'a tool failed', owner: 'PlannerError' },
  TOOL_NOTHING_STORED: { status: 500, wire: 'ASK_FAILED', message: 'nothing is stored for that window', owner: 'PlannerError' },
  PLANNER_NOT_KEPT: { status: 410, wire: 'ASK_FAILED', message: 'the memory no longer keeps what the question is about (retention deleted it)', owner: 'PlannerError' },
  // --- refusals of the question language (planner/query): a question the offline parser will not read, with what
  // it did not understand; carried as `refusal.code` beside the answer, never raised as an error body ---
  UNKNOWN_WORD: { status: 422, wire: 'ASK_FAILED', message: 'a word of the question is not one the parser knows, nor a class, camera, zone or line of this memory', owner: 'PlannerError' },
  NO_SUCH_CLASS: { status: 422, wire: 'ASK_FAILED', message: 'the question names a class the detectors do not know', owner: 'PlannerError' },
  NO_SUCH_PLACE: { status: 422, wire: 'ASK_FAILED', message: 'the question names a camera, zone or line this memory does not have', owner: 'PlannerError' },
  PLACE_AS_CLASS: { status: 422, wire: 'ASK_FAILED', message: 'the question names a place by a class word, and no camera, zone or line is called so', owner: 'PlannerError' },
  DANGLING_REFERENCE: { status: 422, wire: 'ASK_FAILED', message: 'a word of the question refers to something it does not name', owner: 'PlannerError' },
  APPEARANCE: { status: 422, wire: 'ASK_FAILED', message: 'the question asks what the detector cannot tell of people (sex, age)', owner: 'PlannerError' },
  WHERE_WENT: { status: 422, wire: 'ASK_FAILED', message: 'the question asks where something went or came from, beyond the cameras', owner: 'PlannerError' },
  ACTED_ON: { status: 422, wire: 'ASK_FAILED', message: 'the question asks whom or what someone acted on ("which patient did she visit"), which the cameras do not record', owner: 'PlannerError' },
  FUTURE: { status: 422, wire: 'ASK_FAILED', message: 'the question asks about the future', owner: 'PlannerError' },
  EMPTY_QUESTION: { status: 422, wire: 'ASK_FAILED', message: 'the question is empty', owner: 'PlannerError' },
  UNUSED_WORDS: { status: 422, wire: 'ASK_FAILED', message: 'the reading could not use every word of meaning in the question', owner: 'PlannerError' },
  LOOSE_AFTER_SLIPS: { status: 422, wire: 'ASK_FAILED', message: 'after typing slips were corrected, the question is too loosely put to read', owner: 'PlannerError' },
  SEVERAL_PLACES: { status: 422, wire: 'ASK_FAILED', message: 'the question names several zones or lines', owner: 'PlannerError' },
  SEVERAL_TIMES: { status: 422, wire: 'ASK_FAILED', message: 'the question names several instants', owner: 'PlannerError' },
  DISJOINT_PERIODS: { status: 422, wire: 'ASK_FAILED', message: 'the question names periods that do not overlap', owner: 'PlannerError' },
  NEEDS_REID: { status: 422, wire: 'ASK_FAILED', message: 'the question needs telling objects apart across visits or events', owner: 'PlannerError' },
  TWO_MOMENTS: { status: 422, wire: 'ASK_FAILED', message: 'the question asks about one moment relative to another', owner: 'PlannerError' },
  UNUSED_CLAUSE: { status: 422, wire: 'ASK_FAILED', message: 'the question names one visit or moment by a clause the reading could not use', owner: 'PlannerError' },
  NEGATION: { status: 422, wire: 'ASK_FAILED', message: 'the question has a negation where it cannot be read', owner: 'PlannerError' },
  INSTANT_FOR_PERIOD: { status: 422, wire: 'ASK_FAILED', message: 'the question names a moment but asks about a period', owner: 'PlannerError' },
  COMPARISON: { status: 422, wire: 'ASK_FAILED', message: 'the question compares two periods other than by a count or a length', owner: 'PlannerError' },
  AMBIGUOUS_VISIT: { status: 422, wire: 'ASK_FAILED', message: 'the question does not say which visit or which state', owner: 'PlannerError' },
  BOTH_WAYS: { status: 422, wire: 'ASK_FAILED', message: 'the question asks about both arriving and leaving', owner: 'PlannerError' },
  NO_WHEN: { status: 422, wire: 'ASK_FAILED', message: 'the question does not say when', owner: 'PlannerError' },
  NO_AGENT: { status: 422, wire: 'ASK_FAILED', message: 'the question asks who did something the memory records without who did it', owner: 'PlannerError' },
  NO_MEASURE: { status: 422, wire: 'ASK_FAILED', message: 'the question does not say what to find', owner: 'PlannerError' },
  UNREAD_MOMENT: { status: 422, wire: 'ASK_FAILED', message: 'a moment of the question could not be read', owner: 'PlannerError' },
  AMBIGUOUS_MOMENT: { status: 422, wire: 'ASK_FAILED', message: 'the question does not say which moment', owner: 'PlannerError' },
  AMBIGUOUS_VERB: { status: 422, wire: 'ASK_FAILED', message: 'a verb of the question may mean two things said of that class', owner: 'PlannerError' },
  MOMENT_ORDER: { status: 422, wire: 'ASK_FAILED', message: 'the moments of the question are not in order', owner: 'PlannerError' },
  SEVERAL_SUBJECTS: { status: 422, wire: 'ASK_FAILED', message: 'the moments of the question are about different objects', owner: 'PlannerError' },
  SEVERAL_STRETCHES: { status: 422, wire: 'ASK_FAILED', message: 'the question asks about two stretches of a state at once', owner: 'PlannerError' },
  SEVERAL_LOOKS: { status: 422, wire: 'ASK_FAILED', message: 'the question describes several looks', owner: 'PlannerError' },
  LOOK_UNNAMED: { status: 422, wire: 'ASK_FAILED', message: 'the question describes a look by a colour or a worn thing Vigil does not name', owner: 'PlannerError' },
  LOOK_CLASS: { status: 422, wire: 'ASK_FAILED', message: 'the question describes the colours of a class that has no named colours', owner: 'PlannerError' },
  NEVER_SEEN: { status: 422, wire: 'ASK_FAILED', message: 'the cameras asked about never detected the class asked about: none, or a detector that does not see it there', owner: 'PlannerError' },
  NO_SPAN: { status: 422, wire: 'ASK_FAILED', message: 'the question asks for the busiest time but not over what span (a minute, an hour)', owner: 'PlannerError' },
  NOT_ARRIVALS: { status: 422, wire: 'ASK_FAILED', message: 'the busiest span counts arrivals; the class asked about stands still and is counted by how many are there', owner: 'PlannerError' },
} as const satisfies Record<string, CatalogueEntry>;

/** Every stable error code. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes an API error body can carry (HTTP, WebSocket, MQTT). */
export type PublicErrorCode = (typeof ERROR_CATALOGUE)[ErrorCode]['wire'];

/** Every error code, in catalogue order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Whether a string is a code of the catalogue. */
export function isErrorCode(s: unknown): s is ErrorCode {
  return typeof s === 'string' && Object.hasOwn(ERROR_CATALOGUE, s);
}

/**
 * The one error body of every API boundary: an HTTP response body, a WebSocket message, an MQTT
 * reply. `id` is the request's correlation id when there is one (null on the WebSocket when the
 * request had no readable id).
 */
export interface ErrorBody {
  status: 'error';
  code: PublicErrorCode;
  /** Human-readable reason. */
  message: string;
  id?: string | null;
}

/**
 * The base of every error the project raises on purpose: a stable {@link ErrorCode} from the
 * catalogue, its HTTP status and optional structured details. `C` narrows the codes a subclass
 * may use (the compiler refuses codes that are not in the catalogue).
 */
export class VigilError<C extends ErrorCode = ErrorCode> extends Error {
  /** HTTP status of {@link code}, from the catalogue. */
  readonly status: number;

  /**
   * @param code stable code from {@link ERROR_CATALOGUE}
   * @param message human-readable reason (the catalogue's default message when omitted)
   * @param details structured context (e.g. the list of problems of a configuration)
   */
  constructor(
    readonly code: C,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.status = ERROR_CATALOGUE[code].status;
    this.name = new.target.name;
  }
}

/** Whether a thrown value is a {@link VigilError} (of any layer's subclass), with its code typed. */
export function isVigilError(e: unknown): e is VigilError {
  return e instanceof VigilError;
}

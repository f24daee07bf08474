/**
 * What the executor returns for one query: the typed value, its evidence, the coverage of the
 * window and the notes every answer carries.
 */
import type { Coverage } from '../../memory/types.js';
import type { Evidence } from '../answer.js';
import type { QueryValue } from './schema.js';

/** What the executor returns. */
export interface Executed {
  value: QueryValue;
  evidence: Evidence[];
  coverage: Coverage;
  notes: string[];
}

/**
 * Event queries: events in a window by time (read from the narrowest index a filter allows) and
 * line crossings by direction.
 */
import { readEvent } from '../event-codec.js';
import type { EventRecord } from '../types.js';
import type { MemoryView } from '../view.js';
import { cams, type Window } from './scope.js';

/**
 * Merges per-camera lists, each sorted by ts, into one sorted by ts; ties keep list order (as a
 * stable sort of their concatenation would). `times[i][j]` is the ts of `lists[i][j]` (taken from
 * the keys), so the merge compares numbers and never reads a property of an event.
 */
function mergeByTs(lists: EventRecord[][], times: number[][]): EventRecord[] {
  let total = 0;
  for (const l of lists) total += l.length;
  const out = new Array<EventRecord>(total);
  const at = lists.map(() => 0);
  const head = times.map((t) => t[0] ?? Infinity);
  for (let n = 0; n < total; n++) {
    let best = 0;
    for (let i = 1; i < head.length; i++) if ((head[i] as number) < (head[best] as number)) best = i;
    const j = at[best] as number;
    out[n] = (lists[best] as EventRecord[])[j] as EventRecord;
    at[best] = j + 1;
    head[best] = (times[best] as number[])[j + 1] ?? Infinity;
  }
  return out;
}

/** Whether an event passes a filter (camera aside). */
function matches(e: EventRecord, f: Partial<Pick<EventRecord, 'type' | 'label' | 'zone' | 'line' | 'direction'>>): boolean {
  return (!f.type || e.type === f.type) && (!f.label || e.label === f.label) && (!f.zone || e.zone === f.zone) && (!f.line || e.line === f.line) && (!f.direction || e.direction === f.direction);
}

/** Events in the window, optionally filtered; by time (ties: by camera, then in write order). */
export function events(mv: MemoryView, w: Window, filter: Partial<Pick<EventRecord, 'type' | 'label' | 'zone' | 'line' | 'direction' | 'camera'>> = {}): EventRecord[] {
  const { events, etypes, elines } = mv.dbs();
  const indexed = mv.indexed('events');
  const lists: EventRecord[][] = [];
  const times: number[][] = [];
  const plain = !filter.type && !filter.label && !filter.zone && !filter.line && !filter.direction;
  for (const cam of cams(mv, filter.camera)) {
    const list: EventRecord[] = [];
    const ts: number[] = [];
    // the line index holds only line events, the type index one type: read the narrower one
    if (indexed && (filter.line || filter.type)) {
      const range = filter.line
        ? elines.getRange({ start: [cam, filter.line, w.from], end: [cam, filter.line, w.to] })
        : etypes.getRange({ start: [cam, filter.type as string, w.from], end: [cam, filter.type as string, w.to] });
      for (const { key, value } of range) {
        const e = readEvent(key, value, 2);
        if (!matches(e, filter)) continue;
        list.push(e);
        ts.push(key[2] as number);
      }
    } else {
      for (const { key, value } of events.getRange({ start: [cam, w.from], end: [cam, w.to] })) {
        const e = readEvent(key, value, 1);
        if (!plain && !matches(e, filter)) continue;
        list.push(e);
        ts.push(key[1] as number);
      }
    }
    if (list.length > 0) {
      lists.push(list);
      times.push(ts);
    }
  }
  return lists.length === 0 ? [] : lists.length === 1 ? (lists[0] as EventRecord[]) : mergeByTs(lists, times);
}

/** Line crossings by direction. */
export function crossings(mv: MemoryView, w: Window, line: string, opts: { label?: string; camera?: string } = {}): { forward: number; backward: number; events: EventRecord[] } {
  const ev = events(mv, w, { type: 'line_cross', line, ...opts });
  return { forward: ev.filter((e) => e.direction === 'forward').length, backward: ev.filter((e) => e.direction === 'backward').length, events: ev };
}

/**
 * A refiner of the scanner: words of emphasis and of asking that carry no meaning of their own
 * where they stand. "Exactly", "precisely" and "just" compare only before a number ("exactly 3
 * bottles"); before a time or at the end they stress it ("at 10:16 pm exactly", "just after
 * 22:17"). "Single" is one only as a count ("a single bottle"); after a superlative or before a
 * visit it stresses it ("the longest single visit"), and "one" after a superlative is the thing
 * ("the shortest one"). A verb of asking that opens the request
 * ("please state ...", "confirm the time ...") is the request, not what is asked about. A question
 * put as a noun with no question word asks for it: "Time the room was last vacated?" asks when,
 * "Time spent by the first visitor?" how long. "Sharp" after a time stresses it ("at 2 pm sharp"), and
 * "finally" before a verb is "at last" ("when did she finally leave"), not the end of the recording.
 */

/** A token as the refiner reads it (the scanner's tokens, structurally). */
interface Tok {
  t: string;
  text: string;
  i: number;
}

/** Words that compare only before a number. */
const STRESS = new Set(['exactly', 'precisely', 'just']);
/** Verbs that open a request. */
const ASKING = new Set(['state', 'confirm', 'give', 'provide', 'show', 'report', 'specify', 'check', 'find', 'verify', 'establish', 'determine', 'identify', 'tell']);
/** Verbs of wanting that open a request said of the asker ("I need", "we'd like"). */
const WANTING = new Set(['need', 'needs', 'want', 'like', 'wanted', 'require']);
/** Words that may come before a verb of asking ("please confirm", "can you check", "kindly state"). */
const BEFORE_ASKING = new Set(['please', 'kindly', 'you', 'can', 'could', 'would', 'pls', 'plz', 'me', 'and', 'so', 'now']);

/** Reads emphasis and asking words as function words. Changes `toks` in place. */
export function emphasis(toks: Tok[]): void {
  const lead = toks[0];
  if (lead && (lead.text === 'time' || lead.text === 'moment') && !toks.some((t) => t.t === 'head')) {
    const spent = toks.some((t) => t.t === 'verb' && (t as { v?: string }).v === 'stay');
    Object.assign(lead, { t: 'head', v: spent ? 'howlong' : 'when' });
  }
  for (const t of toks) {
    const next = toks[t.i + 1];
    const prev = toks[t.i - 1];
    if (t.t === 'cmp' && STRESS.has(t.text) && next?.t !== 'num' && !(next?.t === 'skip' && /^an?$/.test(next.text) && toks[t.i + 2]?.t === 'unit')) Object.assign(t, { t: 'skip' });
    else if (t.t === 'num' && t.text === 'single' && (prev?.t === 'super' || next?.t === 'visitnoun')) Object.assign(t, { t: 'skip' });
    // "the shortest one", "the longest one": the visit, not a number
    else if (t.t === 'num' && t.text === 'one' && prev?.t === 'super') Object.assign(t, { t: 'skip' });
    else if (t.t === 'word' && ASKING.has(t.text) && (prev === undefined || prev.t === 'sep' || BEFORE_ASKING.has(prev.text))) Object.assign(t, { t: 'skip' });
    // "I need the arrival time of ...", "we'd like to know ...": the asker's want opens the request
    else if (t.t === 'word' && WANTING.has(t.text) && toks.slice(0, t.i).every((x) => x.t === 'skip' || x.t === 'sep') && toks.slice(0, t.i).some((x) => /^(?:i|we|id|wed)$/.test(x.text))) {
      Object.assign(t, { t: 'skip' });
      // ("... to know", "... to find out")
      const know = toks[t.i + 2];
      if (next?.text === 'to' && know && /^(?:know|find out|learn|check|see)$/.test(know.text)) Object.assign(know, { t: 'skip' });
    }
    // "at 2:00 pm sharp": stress of the time before it
    else if (t.t === 'word' && t.text === 'sharp' && prev?.t === 'time') Object.assign(t, { t: 'skip' });
    // "when did they finally walk away": at last, not the end of the recording
    else if (t.t === 'instant' && t.text === 'finally' && next?.t === 'verb') Object.assign(t, { t: 'skip' });
  }
  const k = toks.findIndex((t) => t.t !== 'skip' && t.t !== 'sep');
  // "(the) arrival time of the fifth visitor", "departure time of the last car": when
  const said = toks[k];
  if (said?.t === 'verb' && /^(?:arrival|departure|exit|entry|leaving|return)$/.test(said.text) && toks[k + 1]?.text === 'time' && !toks.some((t) => t.t === 'head')) Object.assign(toks[k + 1] as Tok, { t: 'head', v: 'when' });
}

/**
 * A refiner of the scanner: the scene a camera watches named by a common noun where the camera's
 * name says it is that noun. A noun names the camera when WordNet knows the camera's name and the
 * noun together as one thing ("the desk" at camera `reception`: a reception desk; "the counter" at
 * `checkout`), or when the camera's name is a kind of it ("the room" at `pantry`: a pantry is a
 * room). A noun that names another place, a part of it or a bigger one ("the table" at camera
 * `bench`, "the store" at `table`, "the kiosk" at `ledge`) stays unknown and the question is
 * refused: the camera does not watch that place. It is read so only when the memory has one camera
 * and no zones there (the answer says so), and only where a place stands: after a preposition of
 * place or a determiner, or after the camera's name ("the reception desk": part of the name).
 */
import { MOVERS } from './lexicon.js';
import { descendsFrom, nounBase, nounSenses, synset, verbSenses } from './wordnet.js';

/** Lexicographer files of physical things and places (artifact, location, natural object). */
const PHYSICAL = new Set([6, 15, 17]);
/** What things stand on: a shelf, a counter, a bench, a table (furniture, supports, surfaces). */
const HOLDERS = new Set(['furniture', 'support', 'surface']);
/** What a space of a building is (a hall, a lobby, a shop floor). */
const ROOMS = new Set(['room']);
/** Prepositions of standing on something. */
const ON = new Set(['on', 'off', 'from', 'onto', 'upon']);
/** How far up a camera name's hypernyms a noun is looked for ("pantry" > storeroom > room). */
const DEPTH = 3;
/** Prepositions after which a noun says where. */
const WHERE_PREPS = new Set(['at', 'on', 'in', 'into', 'onto', 'to', 'from', 'off', 'near', 'by', 'inside', 'around', 'behind', 'beside', 'outside', 'through', 'across', 'past', 'toward', 'towards', 'up', 'over', 'under']);
/** Determiners before a noun of a definite place. */
const DETERMINERS = new Set(['the', 'this', 'that', 'our', 'my', 'your', 'their']);
/** Words that make a name a camera's, zone's or line's ("the desk camera" names a camera). */
const KIND_WORDS = new Set(['camera', 'cam', 'cameras', 'zone', 'area', 'region', 'line', 'tripwire']);

/** Words for what kind of camera one is (its lens, its sensor, its mount), not where it looks. */
const CAMERA_KINDS = new Set(['thermal', 'infrared', 'ir', 'night', 'fisheye', 'dome', 'ptz', 'bullet', 'overhead', 'ceiling', 'security', 'cctv', 'surveillance', 'webcam', 'ip', 'wide', 'analog', 'analogue', 'hd']);

const cache = new Map<string, boolean>();

/** The words of a camera's name ("car-park" -> car, park). */
function nameWords(id: string): string[] {
  return id.toLowerCase().split(/[^a-z]+/).filter(Boolean);
}

/** The first sense of a noun (or its plural) that is a physical thing or a place. */
function firstPhysical(noun: string): number | undefined {
  const base = nounBase(noun);
  return base ? nounSenses(base).find((o) => PHYSICAL.has(synset(o).lexFile)) : undefined;
}

/** Whether a noun's first physical sense is a location (a lot, a yard, a field). */
function isLocation(noun: string): boolean {
  const first = firstPhysical(noun);
  return first !== undefined && synset(first).lexFile === 15;
}

/**
 * Whether the hypernyms of a noun's first physical sense (up to `DEPTH`) include `word`; for a
 * `word` that is a location, those of any physical sense ("the lot" at camera park-and-ride: a
 * park is also a parking lot, a kind of lot).
 */
function isKindOf(noun: string, word: string): boolean {
  const first = firstPhysical(noun);
  const base = nounBase(noun);
  const starts = isLocation(word) && base ? nounSenses(base).filter((o) => PHYSICAL.has(synset(o).lexFile)) : first === undefined ? [] : [first];
  let level = starts.flatMap((o) => synset(o).hypernyms);
  for (let d = 0; d < DEPTH && level.length > 0; d++) {
    if (level.some((o) => synset(o).words.includes(word))) return true;
    level = level.flatMap((o) => synset(o).hypernyms);
  }
  return false;
}

/** Whether a noun's first physical sense descends from a holder (what things stand on). */
function isHolder(noun: string): boolean {
  const first = firstPhysical(noun);
  return first !== undefined && descendsFrom(first, HOLDERS);
}

/**
 * Whether a noun is what the things at camera `id` stand on: a holder ("the shelf", "the counter")
 * at a camera whose name is no holder itself (a pantry, a fridge, a stock room: not a bench or a
 * ledge, which would be another thing to stand on). The question must be about things that stand
 * there (the composer checks its subject).
 */
export function holdsAtCamera(noun: string, id: string): boolean {
  // the head noun says what the camera is ("break-room" is a room, whatever "break" may mean)
  const head = nameWords(id).at(-1);
  return isHolder(noun) && head !== undefined && (!isHolder(head) || isRoom(head)) && !isNatural(head);
}

/** Whether some sense of a noun is a room ("floor": a trading floor, a storey's rooms), whatever its first sense is. */
function isRoom(noun: string): boolean {
  const base = nounBase(noun);
  return base !== undefined && nounSenses(base).some((o) => synset(o).lexFile === 6 && descendsFrom(o, ROOMS));
}

/** Lexicographer file of places (a lot, a yard, a site). */
const LOCATION = 15;

/** Whether a noun's first physical sense is a room or a piece of land ("the drop-off lot"); a door is neither, whatever its other senses. */
function firstIsPlace(noun: string): boolean {
  const first = firstPhysical(noun);
  return first !== undefined && (synset(first).lexFile === LOCATION || descendsFrom(first, ROOMS));
}

/** What a part of a kiosk, a booth or a shed is: a structure (a window, a door, a gate) or a way in (an entrance). */
const PARTS = new Set(['structure', 'way']);

/**
 * "The kiosk window" at camera petrol-station-kiosk: a structure or a way in said right after the
 * head noun (the last word) of the camera's name is a part of what the camera watches. ("The shed
 * door" at allotment-shed-table is not: "shed" is not what that camera is named for.)
 */
function partOfHead(toks: readonly SceneToken[], t: SceneToken, id: string): boolean {
  const prev = toks[t.i - 1];
  if (prev?.t !== 'place' || prev.text !== nameWords(id).at(-1)) return false;
  const first = firstPhysical(t.text);
  return first !== undefined && descendsFrom(first, PARTS);
}

/** What a way into a kiosk, a booth or a hut is: an opening (a window, a hole), an access (an entrance, a doorway), a door or a gate. */
const OPENINGS = new Set(['opening', 'access', 'movable barrier']);
/** What a kiosk, a hut or a shed is. */
const STRUCTURES = new Set(['structure']);

/**
 * "The window" at the only camera, petrol-station-kiosk: a way into the structure the name's head
 * noun names (a kiosk, a hut, a shed; not a desk, a lot or a parking) is the scene that camera
 * watches. A wall or a road is no way in and stays unknown.
 */
function wayIntoHead(noun: string, id: string): boolean {
  const head = nameWords(id).at(-1);
  const headSense = head === undefined ? undefined : firstPhysical(head);
  if (headSense === undefined || !descendsFrom(headSense, STRUCTURES) || isHolder(head ?? '')) return false;
  const base = nounBase(noun);
  return base !== undefined && base !== head && nounSenses(base).some((o) => synset(o).lexFile === 6 && descendsFrom(o, OPENINGS));
}

/** Whether a noun's first physical sense is a natural object (a ledge, a rock: a thing to stand on too). */
function isNatural(noun: string): boolean {
  const first = firstPhysical(noun);
  return first !== undefined && synset(first).lexFile === 17;
}

/**
 * "Reception" at camera hostel-front-desk: a word that is no thing or place itself but, with the
 * camera name's head noun after it, is one (a reception desk) names that head, said short.
 */
function elidedHead(base: string, head: string | undefined): boolean {
  if (head === undefined || head === base || firstPhysical(base) !== undefined) return false;
  return nounSenses(`${base} ${head}`).some((o) => PHYSICAL.has(synset(o).lexFile));
}

/** Whether a noun names the place of camera `id`: its name and the noun are one thing in WordNet, the name is a kind of it, or the noun is the name's head said short. */
export function namesCamera(noun: string, id: string): boolean {
  const key = `${id}\n${noun}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const base = nounBase(noun) ?? noun;
  const words = nameWords(id);
  const compound = [words.join(' '), words.at(-1) ?? ''].some((w) => w !== '' && nounSenses(`${w} ${base}`).length > 0);
  const yes = compound || words.includes(base) || words.some((w) => isKindOf(w, base)) || elidedHead(base, words.at(-1));
  cache.set(key, yes);
  return yes;
}

/**
 * Whether a word is the verb that closes a question asked with "did" or "does" and no verb since
 * ("when did the second visit at the drop-off end?"), not a noun of the place before it ("the
 * drop-off lot", "when did the first person show up at the atrium table?").
 */
function closingVerb(toks: readonly SceneToken[], t: SceneToken): boolean {
  if (!toks.slice(t.i + 1).every((x) => x.t === 'sep') || verbSenses(t.text).length === 0) return false;
  const aux = toks.findIndex((x) => x.t === 'aux' && /^(?:did|does|do|will|would|can|could)$/.test(x.text));
  return aux >= 0 && aux < t.i && !toks.slice(aux + 1, t.i).some((x) => x.t === 'verb');
}

/**
 * The place named right before token `i`: its token, or one word of its name back ("the drop-off
 * lot" at hospital-drop-off, where "off" of the name was read as a particle).
 */
function namedBefore(toks: readonly SceneToken[], i: number): { kind?: string; id?: string } | undefined {
  const prev = toks[i - 1];
  const place = (x: SceneToken | undefined): { kind?: string; id?: string } | undefined => (x?.t === 'place' ? (x.v as { kind?: string; id?: string } | undefined) : undefined);
  const direct = place(prev);
  if (direct) return direct;
  const before = place(toks[i - 2]);
  return prev?.t === 'skip' && before?.id !== undefined && nameWords(before.id).includes(prev.text) ? before : undefined;
}

/** What the refiner reads of a token (the scanner's tokens, structurally: this module sits below the scanner). */
interface SceneToken {
  t: string;
  text: string;
  i: number;
  v?: unknown;
  posture?: true;
}

/** Whether a word is a verb's "-ing" form ("standing", "dining", "sitting", "waiting"). */
function isParticiple(word: string): boolean {
  const stem = /^([a-z]{2,})ing$/.exec(word)?.[1];
  if (!stem) return false;
  const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : undefined;
  return [stem, `${stem}e`, undoubled].some((v) => v !== undefined && verbSenses(v).length > 0);
}

/**
 * Words between a determiner and a scene noun that describe the scene rather than pick a part of
 * it: a number of them before a plural ("the two tables": all of them) and a posture said as an
 * adjective ("the standing tables", "the sitting area"). Words that pick one ("the left table", "the
 * big one", "the second desk") are not among them: the camera does not tell its tables apart.
 */
function describers(toks: readonly SceneToken[], noun: SceneToken): SceneToken[] {
  const plural = /s$/.test(noun.text);
  const out: SceneToken[] = [];
  for (let k = noun.i - 1; k >= 0; k--) {
    const x = toks[k];
    const count = x?.t === 'num' && typeof x.v === 'number' && x.v >= 2 && plural;
    const posture = (x?.t === 'verb' && x.posture === true) || (x?.t === 'word' && isParticiple(x.text));
    if (!count && !posture) break;
    out.unshift(x);
  }
  return out;
}

/** Words that say where in a place, never the place itself ("the front bottle" is no camera). */
const SIDE_WORDS = new Set(['left', 'right', 'front', 'back', 'rear', 'top', 'bottom', 'side', 'middle', 'centre', 'center', 'end', 'corner', 'edge']);

/**
 * Reads scene nouns in place (unknown words become the camera's place token or part of its name)
 * and returns what the answer should say it assumed.
 */
export function sceneNouns(toks: SceneToken[], v: { cameras: readonly string[]; zones: readonly string[] }): string[] {
  const notes: string[] = [];
  const only = v.cameras.length === 1 && v.zones.length === 0 ? v.cameras[0] : undefined;
  for (const t of toks) {
    if ((t.t !== 'word' && t.t !== 'class') || t.text.includes(' ') || SIDE_WORDS.has(t.text)) continue;
    if (t.t === 'class') {
      holderClass(toks, t, only, notes);
      continue;
    }
    // "the reception desk", "the pantry shelf": the head noun of the place's own name
    const named = namedBefore(toks, t.i);
    // ("the atrium table": a thing to stand at, a room or a piece of land, in the scene of the camera
    // just named; "the shed door" at allotment-shed-table is another thing: a door is none of them)
    // ("the kiosk window" at petrol-station-kiosk: a part of the structure the name's head noun names)
    if (named?.kind === 'camera' && named.id !== undefined && !closingVerb(toks, t) && (namesCamera(t.text, named.id) || isHolder(t.text) || firstIsPlace(t.text) || partOfHead(toks, t, named.id))) {
      Object.assign(t, { t: 'skip' });
      continue;
    }
    // "the thermal camera", "the overhead cam": the only camera named by what kind of camera it is
    if (only && CAMERA_KINDS.has(t.text) && KIND_WORDS.has(toks[t.i + 1]?.text ?? '') && toks[t.i - 1]?.text === 'the') {
      Object.assign(t, { t: 'place', v: { kind: 'camera', id: only }, alias: true });
      notes.push(`read "the ${t.text} camera" as camera ${only}, the only camera`);
      continue;
    }
    // "the two standing tables": the describing words before the noun go with it
    const mods = describers(toks, t);
    const before = toks[t.i - 1 - mods.length];
    const det = before !== undefined && DETERMINERS.has(before.text);
    const prep = det ? toks[t.i - 2 - mods.length] : before;
    if (!det && !(prep && WHERE_PREPS.has(prep.text))) continue;
    // "the desk camera" is a name said as a name: a camera the memory does not have;
    // "the rest of the recording", "the back of the room": a part of something else, not the scene
    if (KIND_WORDS.has(toks[t.i + 1]?.text ?? '') || toks[t.i + 1]?.text === 'of' || !only) continue;
    const said = [...mods.map((m) => m.text), t.text].join(' ');
    if (namesCamera(t.text, only)) {
      Object.assign(t, { t: 'place', v: { kind: 'camera', id: only }, alias: true });
      notes.push(`read "${said}" as camera ${only}, the only camera`);
    } else if (holdsAtCamera(t.text, only)) {
      // "bottles on the shelf" at camera pantry: what the things there stand on
      Object.assign(t, { t: 'place', v: { kind: 'camera', id: only }, alias: true, holder: true });
      notes.push(`read "${said}" as the ${said} in view at camera ${only}, the only camera`);
    } else if (wayIntoHead(t.text, only)) {
      Object.assign(t, { t: 'place', v: { kind: 'camera', id: only }, alias: true });
      notes.push(`read "${said}" as the ${nameWords(only).at(-1) ?? ''} ${t.text} camera ${only} watches, the only camera`);
    } else continue;
    for (const m of mods) Object.assign(m, { t: 'skip' });
  }
  return [...new Set(notes)];
}

/**
 * "How many bottles were on the bench" at camera bar-fridge: a class word that is what the things
 * asked about stand on (after "on the", "off the", with a class of things before it) is the camera.
 */
function holderClass(toks: SceneToken[], t: SceneToken, only: string | undefined, notes: string[]): void {
  const prep = toks[t.i - 2];
  if (!only || toks[t.i - 1]?.text !== 'the' || !prep || !ON.has(prep.text) || !holdsAtCamera(t.text, only)) return;
  const things = toks.slice(0, t.i - 2).filter((x) => x.t === 'class' && Array.isArray(x.v) && x.v.length > 0);
  if (things.length === 0 || !things.every((x) => (x.v as string[]).every((l) => !MOVERS.has(l)))) return;
  Object.assign(t, { t: 'place', v: { kind: 'camera', id: only }, alias: true, holder: true });
  notes.push(`read "${t.text}" as the ${t.text} in view at camera ${only}, the only camera`);
}

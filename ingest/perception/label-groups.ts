/**
 * Labels a detector confuses for one object: centernet scores one car as car, truck and bus on
 * alternate frames, and the SSD calls a van a car or a vehicle. A track matches detections of
 * any label of its group, so one object stays one track (and one id) whatever the label of the
 * frame; its label is the one with the most score while the track is tentative.
 */

/** Default groups: road vehicles with four or more wheels. */
export const CONFUSABLE_GROUPS: readonly (readonly string[])[] = [['car', 'truck', 'bus', 'vehicle', 'van', 'taxi', 'limousine']];

/**
 * Groups of an item and what a detector takes it for under a tint or upside down (a bottle read as a
 * vase): one track, whose label keeps being voted over its whole life (not only while tentative),
 * and is the item (the group's first label) whenever the item has at least `ITEM_SHARE` of the
 * group's votes. (A plain group, voted while tentative only, made hue-shifted upside-down bottles
 * vases; see BENCHMARKS.md.) A person is such an item too: centernet scored a woman in black at a
 * tilt-shift counter as a cat, at her box, for her last 15 s.
 */
export const ITEM_GROUPS: readonly (readonly string[])[] = [
  ['bottle', 'vase'],
  // a person under an odd look (a tilt-shift miniature, a duotone) scored as a cat or dog with the same box
  ['person', 'cat', 'dog'],
];
/** The share of a group's votes at which its item is the label. */
export const ITEM_SHARE = 0.25;

/** The item group of a label, or undefined. */
export function itemGroup(label: string, groups: readonly (readonly string[])[] = ITEM_GROUPS): readonly string[] | undefined {
  return groups.find((g) => g.includes(label));
}

/** The label of summed scores per label: the highest, or the item of an item group once it has its share. */
export function votedLabel(votes: ReadonlyMap<string, number>, groups: readonly (readonly string[])[] = ITEM_GROUPS): string {
  const top = [...votes].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const g = itemGroup(top, groups);
  const item = g?.[0];
  if (!g || item === undefined || item === top) return top;
  let sum = 0;
  for (const l of g) sum += votes.get(l) ?? 0;
  return (votes.get(item) ?? 0) >= ITEM_SHARE * sum ? item : top;
}

/**
 * The group key of each label for `groups`: labels in one group share a key (the group's first
 * label); any other label is its own group.
 */
export function labelGroup(groups: readonly (readonly string[])[] = CONFUSABLE_GROUPS): (label: string) => string {
  const key = new Map<string, string>();
  for (const g of groups) for (const l of g) key.set(l, g[0] ?? l);
  return (label) => key.get(label) ?? label;
}

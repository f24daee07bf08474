/**
 * Labels a detector confuses for one object: centernet scores one car as car, truck and bus on
 * alternate frames, and the SSD calls a van a car or a vehicle. A track matches detections of
 * any label of its group, so one object stays one track (and one id) whatever the label of the
 * frame; its label is the one with the most score while the track is tentative.
 */

/**
 * Default groups: road vehicles with four or more wheels. (A bottle and a vase were tried as a group:
 * on a green-tinted copy of the bottle clip a bottle read as a vase for 17 s stayed one bottle track,
 * but on a hue-shifted upside-down copy the group's label vote made the bottles vases; see BENCHMARKS.md.)
 */
export const CONFUSABLE_GROUPS: readonly (readonly string[])[] = [['car', 'truck', 'bus', 'vehicle', 'van', 'taxi', 'limousine']];

/**
 * The group key of each label for `groups`: labels in one group share a key (the group's first
 * label); any other label is its own group.
 */
export function labelGroup(groups: readonly (readonly string[])[] = CONFUSABLE_GROUPS): (label: string) => string {
  const key = new Map<string, string>();
  for (const g of groups) for (const l of g) key.set(l, g[0] ?? l);
  return (label) => key.get(label) ?? label;
}

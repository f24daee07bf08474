/**
 * Plain lower-case labels for the Open Images v4 classes of the SSD-MobileNetV2 in
 * `@mediapipe/objectron`: the COCO name where the class means the same thing (so rules and
 * questions about "person", "car", "bottle" work with either detector), else the OIDv4 name in
 * lower case.
 */

/** OIDv4 display name -> project label. Names not listed are lower-cased. */
export const OIDV4_TO_LABEL: Readonly<Record<string, string>> = {
  '???': 'background',
  Person: 'person',
  Car: 'car',
  Bicycle: 'bicycle',
  Bottle: 'bottle',
  Chair: 'chair',
  Laptop: 'laptop',
  Cat: 'cat',
  Dog: 'dog',
  Book: 'book',
  // COCO's "mouse" is the computer mouse; "cow" covers cattle.
  'Computer mouse': 'mouse',
  Cattle: 'cow',
  // COCO's "cup" is a drinking cup; OIDv4 has Mug apart, which stays "mug".
  'Coffee cup': 'cup',
  Vehicle: 'vehicle',
};

/** The label map as `object_detection_oidv4_labelmap.txt` lists it (index = class id). */
export const OIDV4_NAMES: readonly string[] = [
  '???', 'Bicycle', 'Boot', 'Laptop', 'Person', 'Chair', 'Cattle', 'Desk', 'Cat', 'Computer mouse', 'Computer monitor', 'Box',
  'Mug', 'Coffee cup', 'Stationary bicycle', 'Table', 'Bottle', 'High heels', 'Vehicle', 'Footwear', 'Dog', 'Book', 'Camera', 'Car',
];

/** Maps OIDv4 display names to project labels (index kept). */
export function oidv4Labels(names: readonly string[] = OIDV4_NAMES): string[] {
  return names.map((n) => OIDV4_TO_LABEL[n] ?? n.toLowerCase());
}

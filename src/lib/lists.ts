/** The spec keeps some lists as comma-separated text (colors, sizes, tags). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

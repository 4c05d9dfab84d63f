/**
 * The JSON object inside a model's answer: from its first `{` to its last `}` (models wrap JSON in
 * prose or code fences), parsed; null when there is none or it does not parse.
 */
export function jsonInText(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
}

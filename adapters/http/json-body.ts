/**
 * Error bodies are written exactly as `{"message": "..."}` (one space after the colon): one widely used client
 * parses them with a regular expression.
 */
export function messageBody(message: string): string {
  return `{"message": ${JSON.stringify(message)}}`;
}

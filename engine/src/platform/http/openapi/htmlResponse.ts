/** A response that is an HTML page, as a route's schema declares it (its body is text, so no JSON check applies). */
export function htmlResponse(description: string) {
  return { description, content: { 'text/html': { schema: { type: 'string' } } } };
}

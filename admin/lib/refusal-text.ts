/** What a refused call said, in words for a card's alert: its fields' messages, else its message (ra-core's HttpError carries the body). */
export function refusalText(failure: unknown): string {
  const refused = failure as { message: string; body?: { message?: string; errors?: Record<string, string> } };
  return Object.values(refused.body?.errors ?? {}).join(' ') || refused.body?.message || refused.message;
}

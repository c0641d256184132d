/**
 * Downloads a file the API makes, asking first, so that a refusal (too many lines for a package,
 * days the wrong way round) is said on the page where the person chose, not saved as a file.
 */
const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** What a refusal says: its fields' messages, else its message, else the status. */
async function refusalOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as
    { message?: string; errors?: Record<string, string> } | undefined;
  const fields = Object.values(body?.errors ?? {});
  return fields.length > 0 ? fields.join(' ') : (body?.message ?? `${response.status} ${response.statusText}`);
}

/** Fetches `url` and saves it under the name the server gave; throws an Error saying why it was refused. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(await refusalOf(response));
  const href = URL.createObjectURL(await response.blob());
  Object.assign(document.createElement('a'), {
    href,
    download: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  }).click();
  URL.revokeObjectURL(href);
}

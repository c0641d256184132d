/**
 * The Cookie header a browser would send after receiving some Set-Cookie values: later values
 * replace earlier ones of the same name, and a cleared cookie (Max-Age=0, or an empty value) is
 * gone. For calls the server makes on a browser's behalf within one request (a code sent right
 * after the login that started it, a session read back from a ticket).
 */
export function cookieHeader(setCookies: readonly string[], existing = ''): string {
  const jar = new Map<string, string>();
  for (const pair of existing.split(/;\s*/).filter(Boolean)) jar.set(pair.split('=')[0]!, pair);
  for (const cookie of setCookies) {
    const [pair, ...attributes] = cookie.split(';');
    const name = pair!.split('=')[0]!.trim();
    const cleared =
      pair!.slice(name.length + 1) === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (cleared) jar.delete(name);
    else jar.set(name, pair!.trim());
  }
  return [...jar.values()].join('; ');
}

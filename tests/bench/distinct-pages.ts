/**
 * Pages no cache has seen, under load: autocannon asking each address of a list in turn (with the
 * Host of the tenant, and a cookie per request where a page depends on one, such as the visitor's
 * place on the platform).
 */
import autocannon from 'autocannon';

export function distinctPages(
  url: string,
  host: string,
  addresses: readonly string[],
  { connections, duration, cookieFor }: { connections: number; duration: number; cookieFor?: (n: number) => string },
) {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration,
    headers: { host },
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            path: addresses[n % addresses.length]!,
            headers: { ...request.headers, host, ...(cookieFor && { cookie: cookieFor(n) }) },
          };
        },
      },
    ],
  });
}

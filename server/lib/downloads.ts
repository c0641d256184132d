/**
 * A file the console downloads (an accountant's export, an order list, a statement): its type, a
 * file name the browser saves it under, and never kept by a cache (it holds a house's business).
 */
import type { FastifyReply } from 'fastify';

export const CSV = 'text/csv; charset=utf-8';

export function sendDownload(
  reply: FastifyReply,
  file: { type: string; name: string; body: string | Buffer | Uint8Array },
) {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

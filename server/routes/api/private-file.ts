/** A private document sent to the one who may read it (a certificate, a message's file): as an attachment, never cached, never run. */
import type { FastifyReply } from 'fastify';
import type { InsuranceCertificate } from '../../../schema/types.generated';
import { attachmentOf } from '../../rental';

export const sendPrivateFile = (
  reply: FastifyReply,
  file: Pick<InsuranceCertificate, 'contentType' | 'fileName' | 'file'>,
  bytes: Buffer,
) =>
  reply
    .type(file.contentType)
    .header('content-disposition', attachmentOf(file))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(bytes);

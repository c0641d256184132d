/**
 * Files sent with a message, as a browser sends them (the storefront's and the console's
 * conversation): at most three, 10 MB together (the server refuses more before reading it), each
 * as its name and its bytes in base64.
 */
import { base64Of } from '../display/file-base64';
import { INSURANCE_MAX_BYTES } from '../rental/insurance';
import type { MessageInput } from '../types.generated';

export const ATTACHMENTS_PER_MESSAGE = 3;
/** What a message's files may weigh together: a certificate's limit. */
export const ATTACHMENTS_MAX_BYTES = INSURANCE_MAX_BYTES;

/** Why these files cannot go with one message, or undefined when they can. */
export function attachmentsProblem(
  files: ReadonlyArray<{ size: number }>,
): { tooMany: true } | { tooMany: false; megabytes: string } | undefined {
  if (files.length > ATTACHMENTS_PER_MESSAGE) return { tooMany: true };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > ATTACHMENTS_MAX_BYTES ? { tooMany: false, megabytes: (total / 1024 / 1024).toFixed(1) } : undefined;
}

/** The files as a message's input carries them. */
export const attachmentsOf = (files: readonly File[]): Promise<NonNullable<MessageInput['attachments']>> =>
  Promise.all(files.map(async (file) => ({ fileName: file.name, data: await base64Of(file) })));

/** A file's size as people say it: "340 bytes", "48 KB", "2.1 MB". */
export function sizeSaid(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

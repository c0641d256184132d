/**
 * Text a person typed, kept as text people read: control characters (NUL and the rest, DEL, C1)
 * and the invisible direction and formatting marks (bidi overrides and isolates, LRM/RLM, ALM)
 * are dropped. A file named "invoice‮fdp.exe" would otherwise show as "invoiceexe.pdf" in a save
 * dialog, and a NUL cuts a name short in other programs. Line breaks and tabs stay. Browser-safe.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to drop.
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const plainText = (text: string): string => text.replace(HIDDEN, '');

/**
 * The string formats the schemas use: ajv-formats' full set plus `iana-timezone`. Shared by the
 * runtime Ajv instance and the precompiled validators the CLI ships (which load this module).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';
import { isIanaTimeZone } from './timezone';

export const formats: Record<string, Format> = {
  ...(fullFormats as Record<string, Format>),
  'iana-timezone': { type: 'string', validate: isIanaTimeZone },
};

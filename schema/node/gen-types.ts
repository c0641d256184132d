/** `npm run gen:types` writes schema/types.generated.ts; `-- --check` only reports drift (exit 1). */
import { readFile, writeFile } from 'node:fs/promises';
import { GENERATED_TYPES_FILE, generateTypes } from './generate-types';

const check = process.argv.includes('--check');
const fresh = await generateTypes();
const current = await readFile(GENERATED_TYPES_FILE, 'utf8').catch(() => '');
if (fresh === current) {
  console.log(`${GENERATED_TYPES_FILE} is up to date.`);
} else if (check) {
  console.error(`${GENERATED_TYPES_FILE} is stale: run npm run gen:types and commit the result.`);
  process.exitCode = 1;
} else {
  await writeFile(GENERATED_TYPES_FILE, fresh);
  console.log(`Wrote ${GENERATED_TYPES_FILE}.`);
}

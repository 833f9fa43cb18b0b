// Writes src/messages.gen.ts, the TypeScript types of the server's messages, from the one schema
// (schema/messages.schema.json) with json-schema-to-typescript. `--check` writes nothing and
// fails when the committed file is not what the schema gives (npm run typecheck runs it).
//   node dev/gen-types.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const schemaPath = join(here, '../schema/messages.schema.json');
const out = join(here, '../src/messages.gen.ts');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
const banner = '// Generated from schema/messages.schema.json by dev/gen-types.mjs (npm run types): do not edit.\n/* eslint-disable */';
const ts = await compile(schema, 'ServerMsg', { bannerComment: banner, unreachableDefinitions: true, ignoreMinAndMaxItems: true, additionalProperties: false, strictIndexSignatures: true });
if (process.argv.includes('--check')) {
  let now = '';
  try {
    now = readFileSync(out, 'utf8');
  } catch {
    /* missing */
  }
  if (now !== ts) {
    console.error('src/messages.gen.ts is not what schema/messages.schema.json gives: run npm run types');
    process.exit(1);
  }
} else {
  writeFileSync(out, ts);
  console.log(`wrote ${out}`);
}

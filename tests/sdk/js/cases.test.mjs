// Every shared case file, replayed with the AWS SDK for JavaScript v3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeClient, makeStreamsClient, runCase } from './casefiles.mjs';

const casesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'cases');
const files = readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort();
const clients = { dynamodb: makeClient(), streams: makeStreamsClient() };

test('there are cases', () => assert.ok(files.length > 0));

for (const file of files) {
  const stem = basename(file, '.json');
  test(stem, async () => {
    const text = readFileSync(join(casesDir, file), 'utf8');
    const nonce = randomBytes(4).toString('hex');
    const names = {};
    for (const [, n] of text.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)) names[n] = `${stem}_js_${n}_${nonce}`;
    await runCase(JSON.parse(text), names, clients);
  });
}

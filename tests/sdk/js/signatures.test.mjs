// `--credentials KEY:SECRET`: the JS SDK's signatures verify, and a wrong secret is refused as DynamoDB does.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DynamoDBClient, ListTablesCommand, CreateTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { modeArgs } from './casefiles.mjs';

const KEY = 'AKIDJS';
const SECRET = 'js/secret+key';

async function startStrictServer() {
  const bin = process.env.DYNAMODEL_SERVER_BIN;
  if (!bin) throw new Error('DYNAMODEL_SERVER_BIN is not set: run tests/sdk/run.sh');
  const child = spawn(bin, ['--port', '0', ...modeArgs(), '--credentials', `${KEY}:${SECRET}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, endpoint: line.replace(/^listening on /, '') };
}

const server = await startStrictServer();
after(() => server.child.kill());

const client = (secretAccessKey) => new DynamoDBClient({
  endpoint: server.endpoint, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: KEY, secretAccessKey },
});

test('correctly signed requests pass', async () => {
  const c = client(SECRET);
  await c.send(new CreateTableCommand({
    TableName: 'signedjs', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  await c.send(new PutItemCommand({ TableName: 'signedjs', Item: { pk: { S: 'ü & ☃' } } }));
  const out = await c.send(new ListTablesCommand({}));
  assert.deepEqual(out.TableNames, ['signedjs']);
});

test('a wrong secret is an InvalidSignatureException', async () => {
  await assert.rejects(client('wrong').send(new ListTablesCommand({})), (e) => {
    assert.equal(e.name, 'InvalidSignatureException');
    assert.match(e.message, /^The request signature we calculated does not match/);
    return true;
  });
});

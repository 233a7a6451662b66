// Concurrent clients (separate connections) incrementing one item: none of the increments is lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { CreateTableCommand, GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from './casefiles.mjs';

test('conditional increments from many clients', async () => {
  const table = `js_conc_${randomBytes(4).toString('hex')}`;
  const admin = makeClient();
  await admin.send(new CreateTableCommand({
    TableName: table,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  await admin.send(new PutItemCommand({ TableName: table, Item: { pk: { S: 'c' }, n: { N: '0' } } }));

  const clients = 8;
  const perClient = 25;
  const worker = async () => {
    const client = makeClient();
    for (let i = 0; i < perClient; i++) {
      await client.send(new UpdateItemCommand({
        TableName: table,
        Key: { pk: { S: 'c' } },
        UpdateExpression: 'SET n = n + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }));
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const out = await admin.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'c' } }, ConsistentRead: true }));
  assert.deepEqual(out.Item.n, { N: String(clients * perClient) });
});

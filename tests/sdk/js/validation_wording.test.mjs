// Requests under the API model's minimums, which the AWS SDK for JavaScript v3 sends as given: DynamoDB's
// validation-framework wording as us-east-1 answers it (paritysuite's registry/splits.json and
// captures/2026-10-07-batch-empty-request-items.json; nubo-db/dynamodb-conformance's exact-message tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchGetItemCommand, BatchWriteItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { makeClient } from './casefiles.mjs';

const client = makeClient();
const EMPTY_TABLE = "1 validation error detected: Value at 'TableName' failed to satisfy constraint: Member must have length greater than or equal to 1";

async function errorOf(command) {
  try {
    await client.send(command);
  } catch (e) {
    return [e.name, e.message];
  }
  assert.fail('the request succeeded');
}

test('an empty TableName is reported alone', async () => {
  assert.deepEqual(await errorOf(new PutItemCommand({ TableName: '', Item: { pk: { S: 'a' } } })), ['ValidationException', EMPTY_TABLE]);
  assert.deepEqual(await errorOf(new PutItemCommand({ TableName: '', Item: {}, ReturnValues: 'INVALID' })), ['ValidationException', EMPTY_TABLE]);
  assert.deepEqual(await errorOf(new UpdateItemCommand({ TableName: '', Key: {} })), ['ValidationException', EMPTY_TABLE]);
});

test('an empty RequestItems', async () => {
  assert.deepEqual(await errorOf(new BatchWriteItemCommand({ RequestItems: {} })),
    ['ValidationException', 'The requestItems parameter is required for BatchWriteItem']);
  assert.deepEqual(await errorOf(new BatchGetItemCommand({ RequestItems: {} })),
    ['ValidationException', "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1"]);
});

// Requests under the API model's minimums, which the AWS SDK for JavaScript v3 sends as given: DynamoDB's
// validation-framework wording as us-east-1 answers it (paritysuite's registry/splits.json and
// captures/2026-10-07-batch-empty-request-items.json; nubo-db/dynamodb-conformance's exact-message tests).
// Also empty and over-long attribute names, in every parameter that holds one (see below).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchGetItemCommand, BatchWriteItemCommand, CreateTableCommand, DeleteTableCommand, GetItemCommand, PutItemCommand,
  QueryCommand, ScanCommand, TransactWriteItemsCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
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

// Attribute names (issue #13). An empty one: DynamoDB Local's wording (ErrorFactory.EMPTY_ATTRIBUTE_NAME, thrown by
// LocalDBInputConverter.newAttributeName; the service's answer is not recorded), except as an ExpressionAttributeNames
// value, where the service's answer names the key (captured from AWS in ExtendDB's
// tests/test_expression_attribute_map_validation.py). One past 65,535 bytes: the service's answer for an item's name
// and for an ExpressionAttributeNames value (ExtendDB/extenddb#365), used for every parameter that holds names.
const EMPTY_NAME = 'Empty attribute name';
const NAME_TOO_LARGE = '1 validation error detected: Attribute name is too large, must be less than 65536 bytes';
const LONG = 'n'.repeat(65536);

async function withTable(body) {
  const t = `js_names_${Math.random().toString(16).slice(2, 10)}`;
  await client.send(new CreateTableCommand({
    TableName: t,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
  }));
  try {
    await body(t);
  } finally {
    await client.send(new DeleteTableCommand({ TableName: t }));
  }
}

const key = { pk: { S: 'a' }, sk: { N: '1' } };
const kc = { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'a' }] } };

test('an empty attribute name is refused wherever a name appears', () => withTable(async (t) => {
  const commands = [
    new PutItemCommand({ TableName: t, Item: { ...key, '': { S: 'x' } } }),
    new PutItemCommand({ TableName: t, Item: { ...key, doc: { M: { in: { M: { '': { N: '1' } } } } } } }),
    new GetItemCommand({ TableName: t, Key: { ...key, '': { S: 'x' } } }),
    new UpdateItemCommand({ TableName: t, Key: key, UpdateExpression: 'SET doc = :v', ExpressionAttributeValues: { ':v': { M: { '': { S: 'x' } } } } }),
    new BatchWriteItemCommand({ RequestItems: { [t]: [{ PutRequest: { Item: { ...key, '': { S: 'x' } } } }] } }),
    new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: t, Item: { ...key, '': { S: 'x' } } } }] }),
    new GetItemCommand({ TableName: t, Key: key, AttributesToGet: [''] }),
    new BatchGetItemCommand({ RequestItems: { [t]: { Keys: [key], AttributesToGet: [''] } } }),
    new UpdateItemCommand({ TableName: t, Key: key, AttributeUpdates: { '': { Action: 'PUT', Value: { S: 'x' } } } }),
    new PutItemCommand({ TableName: t, Item: key, Expected: { '': { Exists: false } } }),
    new QueryCommand({ TableName: t, KeyConditions: kc, QueryFilter: { '': { ComparisonOperator: 'NOT_NULL' } } }),
    new ScanCommand({ TableName: t, ScanFilter: { '': { ComparisonOperator: 'NULL' } } }),
  ];
  for (const command of commands) {
    assert.deepEqual(await errorOf(command), ['ValidationException', EMPTY_NAME], command.constructor.name);
  }
  assert.deepEqual(await errorOf(new GetItemCommand({ TableName: t, Key: key, ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': '' } })),
    ['ValidationException', 'ExpressionAttributeNames contains invalid value: Empty attribute name for key #n']);
  assert.equal((await client.send(new ScanCommand({ TableName: t, Select: 'COUNT' }))).Count, 0);
}));

test('an attribute name past 65,535 bytes is refused wherever a name appears', () => withTable(async (t) => {
  const commands = [
    new PutItemCommand({ TableName: t, Item: { ...key, [LONG]: { S: 'x' } } }),
    new UpdateItemCommand({ TableName: t, Key: key, UpdateExpression: 'SET #n = :v', ExpressionAttributeNames: { '#n': LONG }, ExpressionAttributeValues: { ':v': { S: 'x' } } }),
    new GetItemCommand({ TableName: t, Key: key, ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': LONG } }),
    new GetItemCommand({ TableName: t, Key: key, AttributesToGet: [LONG] }),
    new UpdateItemCommand({ TableName: t, Key: key, AttributeUpdates: { [LONG]: { Action: 'PUT', Value: { S: 'x' } } } }),
    new PutItemCommand({ TableName: t, Item: key, Expected: { [LONG]: { Exists: false } } }),
    new QueryCommand({ TableName: t, KeyConditions: kc, QueryFilter: { [LONG]: { ComparisonOperator: 'NOT_NULL' } } }),
    new ScanCommand({ TableName: t, ScanFilter: { [LONG]: { ComparisonOperator: 'NULL' } } }),
  ];
  for (const command of commands) {
    assert.deepEqual(await errorOf(command), ['ValidationException', NAME_TOO_LARGE], command.constructor.name);
  }
  // 65,535 bytes are a name.
  const ok = LONG.slice(1);
  await client.send(new UpdateItemCommand({ TableName: t, Key: key, UpdateExpression: 'SET #n = :v', ExpressionAttributeNames: { '#n': ok }, ExpressionAttributeValues: { ':v': { S: 'x' } } }));
  const got = await client.send(new GetItemCommand({ TableName: t, Key: key, AttributesToGet: [ok] }));
  assert.deepEqual(got.Item, { [ok]: { S: 'x' } });
}));

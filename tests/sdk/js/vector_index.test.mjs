// Vector indexes through the AWS SDK for JavaScript v3: a table with a vector index, SearchVectorsCommand
// reaching the server under its own target (DynamoDB_20120810.SearchVectors), DOT_PRODUCT ranking highest
// first, and the VectorWriteRequestBytes a write reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CreateTableCommand, DeleteTableCommand, PutItemCommand, SearchVectorsCommand,
} from '@aws-sdk/client-dynamodb';
import { makeClient } from './casefiles.mjs';

const client = makeClient();
const vec = (...xs) => ({ L: xs.map((x) => ({ N: String(x) })) });

test('SearchVectors ranks by the index distance function', async () => {
  const t = `js_vec_${Math.random().toString(16).slice(2, 10)}`;
  await client.send(new CreateTableCommand({
    TableName: t,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    VectorIndexes: [{
      IndexName: 'ByDot', VectorAttribute: { AttributeName: 'e' }, Dimensions: 2,
      DistanceFunction: 'DOT_PRODUCT', Projection: { ProjectionType: 'KEYS_ONLY' },
    }],
  }));
  try {
    const put = await client.send(new PutItemCommand({
      TableName: t, Item: { pk: { S: 'a' }, e: vec(1, 2) }, ReturnConsumedCapacity: 'INDEXES',
    }));
    assert.deepEqual(put.ConsumedCapacity.VectorIndexes, { ByDot: { VectorWriteRequestBytes: 1024 } });
    await client.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'b' }, e: vec(3, -1) } }));
    await client.send(new PutItemCommand({ TableName: t, Item: { pk: { S: 'c' }, e: vec(0, 0) } }));
    const out = await client.send(new SearchVectorsCommand({
      TableName: t, IndexName: 'ByDot', SearchVector: [{ N: '1' }, { N: '1' }], TopK: 2, ReturnConsumedCapacity: 'TOTAL',
    }));
    // By hand: (1,1).(1,2) = 3, (1,1).(3,-1) = 2, (1,1).(0,0) = 0; the two highest.
    assert.deepEqual(out.SearchResults, [{ Item: { pk: { S: 'a' } }, Score: 3 }, { Item: { pk: { S: 'b' } }, Score: 2 }]);
    assert.ok(out.ConsumedCapacity.VectorSearchRequestBytes >= 1024);
    await assert.rejects(
      client.send(new SearchVectorsCommand({ TableName: t, IndexName: 'ByDot', SearchVector: [{ N: '1' }], TopK: 1 })),
      { name: 'ValidationException', message: 'Input search vector dimension 1 does not match vector index dimension 2' },
    );
  } finally {
    await client.send(new DeleteTableCommand({ TableName: t }));
  }
});

// A page on another origin (as the playground, or any local web app, would be) calls the server from
// headless Chromium with the headers the AWS SDK sends: the preflight passes, the reply and its
// x-amzn-RequestId / x-amz-crc32 headers are readable, and so is a DynamoDB error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { endpoint } from './casefiles.mjs';

let page;
let browser;
let site;

before(async () => {
  site = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>cors</title><link rel="icon" href="data:,">');
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${site.address().port}/`);
});

after(async () => {
  await browser?.close();
  site?.close();
});

// The request the SDK would make (it signs; the server checks only the signature's shape by default).
async function callFromPage(action, body) {
  return page.evaluate(async ({ url, action, body }) => {
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const r = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${action}`,
        'x-amz-date': amzDate,
        'x-amz-user-agent': 'aws-sdk-js/3 dynamodel-cors-test',
        'amz-sdk-invocation-id': crypto.randomUUID(),
        'amz-sdk-request': 'attempt=1; max=1',
        authorization: `AWS4-HMAC-SHA256 Credential=local/${amzDate.slice(0, 8)}/us-east-1/dynamodb/aws4_request, ` +
          'SignedHeaders=amz-sdk-invocation-id;amz-sdk-request;content-type;host;x-amz-date;x-amz-target;x-amz-user-agent, Signature=00',
      },
      body: JSON.stringify(body),
    });
    return {
      status: r.status,
      body: await r.json(),
      requestId: r.headers.get('x-amzn-RequestId'),
      crc: r.headers.get('x-amz-crc32'),
    };
  }, { url: `${endpoint()}/`, action, body });
}

test('a cross-origin page can call the server', async () => {
  const r = await callFromPage('ListTables', {});
  assert.equal(r.status, 200);
  assert.ok(Array.isArray(r.body.TableNames));
  assert.equal(r.requestId.length, 52);
  assert.match(r.crc, /^\d+$/);
});

test('a cross-origin page can read DynamoDB errors', async () => {
  const r = await callFromPage('DescribeTable', { TableName: 'no_such_table_cors' });
  assert.equal(r.status, 400);
  assert.equal(r.body.__type, 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException');
  assert.equal(r.requestId.length, 52);
});

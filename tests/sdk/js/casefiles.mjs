// Replays the shared case files (tests/sdk/cases/*.json) with the AWS SDK for JavaScript v3.
import * as ddbModule from '@aws-sdk/client-dynamodb';
import * as streamsModule from '@aws-sdk/client-dynamodb-streams';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function endpoint() {
  const url = process.env.DYNAMODEL_ENDPOINT;
  if (!url) throw new Error('DYNAMODEL_ENDPOINT is not set: run tests/sdk/run.sh');
  return url;
}

// tests/sdk/run.sh runs this suite against a server in memory and against one with `--state` on a fresh
// file (DYNAMODEL_SDK_MODE=state); a server a test starts itself gets the same flag.
export function modeArgs() {
  if (process.env.DYNAMODEL_SDK_MODE !== 'state') return [];
  return ['--state', join(mkdtempSync(join(tmpdir(), 'dynamodel-sdk-state-')), 'dynamodel.state')];
}

const common = () => ({
  endpoint: endpoint(),
  region: 'us-east-1',
  credentials: { accessKeyId: 'dynamodel', secretAccessKey: 'dynamodel' },
  maxAttempts: 1,
});

export const makeClient = () => new DynamoDBClient(common());
export const makeStreamsClient = () => new DynamoDBStreamsClient(common());

const PLACEHOLDER = /\$\{([A-Za-z0-9_]+)\}/g;

export function substitute(value, names) {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (_, n) => names[n]);
  if (Array.isArray(value)) return value.map((v) => substitute(v, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [substitute(k, names), substitute(v, names)]));
  }
  return value;
}

// Case JSON -> SDK input: base64 B/BS become Uint8Array.
export function toSdk(value) {
  if (Array.isArray(value)) return value.map(toSdk);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'B' && typeof value.B === 'string') return { B: Buffer.from(value.B, 'base64') };
    if (keys.length === 1 && keys[0] === 'BS' && Array.isArray(value.BS) && value.BS.every((b) => typeof b === 'string')) {
      return { BS: value.BS.map((b) => Buffer.from(b, 'base64')) };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSdk(v)]));
  }
  return value;
}

// SDK output -> case JSON: bytes to base64, Dates to epoch seconds, undefined members dropped.
export function fromSdk(value) {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.getTime() / 1000;
  if (value instanceof Set) return [...value].map(fromSdk);
  if (Array.isArray(value)) return value.map(fromSdk);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, fromSdk(v)]));
  }
  return value;
}

export function mismatch(expected, actual, path = '$') {
  if (expected === '$any') return actual !== undefined && actual !== null ? null : `${path}: missing`;
  if (expected && typeof expected === 'object' && !Array.isArray(expected) && Object.keys(expected).join() === '$contains') {
    if (!Array.isArray(actual)) return `${path}: expected a list, got ${JSON.stringify(actual)}`;
    for (const e of expected.$contains) {
      if (actual.every((a) => mismatch(e, a))) return `${path}: ${JSON.stringify(e)} not in ${JSON.stringify(actual).slice(0, 300)}`;
    }
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const m = mismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) {
      return `${path}: expected an object, got ${JSON.stringify(actual)}`;
    }
    for (const [k, v] of Object.entries(expected)) {
      if (v === '$absent') {
        if (k in actual) return `${path}.${k}: expected absent, got ${JSON.stringify(actual[k])}`;
        continue;
      }
      if (!(k in actual)) return `${path}.${k}: missing (have ${Object.keys(actual).sort()})`;
      const m = mismatch(v, actual[k], `${path}.${k}`);
      if (m) return m;
    }
    return null;
  }
  return expected === actual ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

// Follow a dotted path (`Streams.0.StreamArn`) through an output.
export function lookup(value, path) {
  for (const part of path.split('.')) {
    if (value === undefined || value === null) return undefined;
    value = Array.isArray(value) ? value[Number(part)] : value[part];
  }
  return value;
}

const modules = { dynamodb: ddbModule, streams: streamsModule };

export async function runCase(kase, names, clients) {
  for (const [i, raw] of kase.steps.entries()) {
    const step = substitute(raw, names);
    const where = `step ${i} (${step.action})`;
    const service = step.service ?? 'dynamodb';
    const Command = modules[service][`${step.action}Command`];
    if (!Command) throw new Error(`${where}: the JS SDK has no ${step.action}Command`);
    let out;
    try {
      out = fromSdk(await clients[service].send(new Command(toSdk(step.input ?? {}))));
    } catch (e) {
      if (!e.$metadata && !e.$fault) throw e;
      if (!step.error) throw new Error(`${where}: unexpected ${e.name}: ${e.message}`);
      const actual = { code: e.name };
      if ('message' in step.error) actual.message = e.message;
      if ('item' in step.error) actual.item = fromSdk(e.Item);
      if ('reasons' in step.error) actual.reasons = fromSdk(e.CancellationReasons);
      const m = mismatch(step.error, actual);
      if (m) throw new Error(`${where}: ${m}`);
      continue;
    }
    if (step.error) throw new Error(`${where}: expected ${step.error.code}, got success ${JSON.stringify(out).slice(0, 400)}`);
    if (step.expect) {
      const m = mismatch(step.expect, out);
      if (m) throw new Error(`${where}: ${m}`);
    }
    for (const [name, path] of Object.entries(step.capture ?? {})) {
      const v = lookup(out, path);
      if (v === undefined || v === null) throw new Error(`${where}: nothing at ${path} to capture in ${JSON.stringify(out).slice(0, 400)}`);
      names[name] = String(v);
    }
  }
}

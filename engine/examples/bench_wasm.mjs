// Run: cargo build --release -p dynamodel-engine --example bench_wasm --target wasm32-unknown-unknown
//      node engine/examples/bench_wasm.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const path = process.argv[2];
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const e = instance.exports;
const ITEMS = 100000;
// Wall time and this process's CPU time (the machine may be shared; see bench.rs). Best of 3 runs,
// like bench.rs: the first run also pays for V8 tiering the module up to optimised code.
function timed(f) {
  const t = performance.now();
  const c = process.cpuUsage();
  const check = f();
  const d = process.cpuUsage(c);
  return [(performance.now() - t) / 1000, (d.user + d.system) / 1e6, check];
}
function report(label, ops, runs) {
  const wall = Math.min(...runs.map((r) => r[0]));
  const cpu = Math.min(...runs.map((r) => r[1]));
  console.log(`${label.padEnd(24)} ${Math.round(ops / wall).toString().padStart(10)} ops/s wall ${Math.round(ops / cpu).toString().padStart(10)} ops/s CPU   (best of ${runs.length}: ${ops} ops, ${wall.toFixed(3)} s wall, ${cpu.toFixed(3)} s CPU)`);
}
// Grow wasm memory once (the engine's allocations would otherwise grow it page by page, and each
// growth of a large memory costs the host a reallocation that has nothing to do with the engine).
e.bench_reserve(512);
const runs = { put: [], get: [], query: [], filtered: [], overwrite: [] };
let memory = [0, 1];
for (let i = 0; i < 3; i++) {
  e.bench_setup();
  const before = e.bench_live_bytes();
  runs.put.push(timed(() => e.bench_put(0, ITEMS)));
  memory = [(e.bench_live_bytes() - before) / ITEMS, e.bench_table_bytes() / ITEMS];
  runs.get.push(timed(() => e.bench_get(1000000, 7)));
  runs.query.push(timed(() => e.bench_query(200000, 11)));
  runs.filtered.push(timed(() => e.bench_query_filtered(50000, 13)));
  runs.overwrite.push(timed(() => e.bench_put(0, ITEMS)));
}
report('PutItem (new, 2 GSIs)', ITEMS, runs.put);
report('GetItem (random key)', 1000000, runs.get);
report('Query (Limit 20)', 200000, runs.query);
report('Query (Limit 20, filter)', 50000, runs.filtered);
report('PutItem (overwrite)', ITEMS, runs.overwrite);
const [perItem, ddb] = memory;
console.log(`memory per item, 50 items per partition, 2 GSIs: ${perItem.toFixed(0)} B of wasm heap for a ${ddb.toFixed(0)} B DynamoDB item: ${(perItem / ddb).toFixed(2)}x`);

// Run: cargo build --release -p dynamodel-engine --example bench_wasm --target wasm32-unknown-unknown
//      node engine/examples/bench_wasm.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const path = process.argv[2];
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const e = instance.exports;
const ITEMS = 100000;
function rate(label, ops, f) {
  const t = performance.now();
  const check = f();
  const secs = (performance.now() - t) / 1000;
  console.log(`${label.padEnd(28)} ${Math.round(ops / secs).toString().padStart(12)} ops/s   (${ops} ops in ${secs.toFixed(3)} s, check ${check})`);
}
e.bench_setup();
// Grow wasm memory once (the engine's allocations would otherwise grow it page by page, and each
// growth of a large memory costs the host a reallocation that has nothing to do with the engine).
e.bench_reserve(256);
rate('PutItem (100k, 2 GSIs)', ITEMS, () => e.bench_put(0, ITEMS));
rate('GetItem (random)', 1000000, () => e.bench_get(1000000, 7));
rate('Query (Limit 20)', 200000, () => e.bench_query(200000, 11));
rate('PutItem (overwrite 100k)', ITEMS, () => e.bench_put(0, ITEMS));

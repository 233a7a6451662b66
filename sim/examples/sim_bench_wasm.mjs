// Run: cargo build --release -p dynamodel-sim --example sim_bench_wasm --target wasm32-unknown-unknown
//      node sim/examples/sim_bench_wasm.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/sim_bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), {});
const e = instance.exports;
const t0 = performance.now();
e.bench_setup();
console.log(`setup: 100000 items in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
// `--long`: a third row, the mixed workload for 30 simulated seconds (see sim_bench.rs).
const rows = [['simple GetItem', 0, 5], ['mixed', 1, 5]];
if (process.argv.includes('--long')) rows.push(['mixed, 30 s', 1, 30]);
for (const [label, kind, seconds] of rows) {
  let best = Infinity;
  let cpu = Infinity;
  let parts = 0;
  let first = 0;
  for (let i = 0; i < 3; i++) {
    const p = performance.now();
    e.bench_prepare(kind);
    first = (performance.now() - p) / 1000;
    const t = performance.now();
    const c = process.cpuUsage();
    parts = e.bench_run(seconds);
    best = Math.min(best, (performance.now() - t) / 1000);
    const d = process.cpuUsage(c);
    cpu = Math.min(cpu, (d.user + d.system) / 1e6);
  }
  console.log(`${label.padEnd(16)} ${Math.round(parts / best).toString().padStart(10)} simulated requests/s wall ${Math.round(parts / cpu).toString().padStart(10)} /s CPU  (best of 3: ${parts} requests in ${best.toFixed(3)} s wall, ${cpu.toFixed(3)} s CPU; 3 s warm-up incl. pricing ${first.toFixed(2)} s)`);
}

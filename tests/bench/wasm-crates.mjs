// The wasm's code by crate (printed, not asserted): raw bytes of each function body and an estimate of
// its gzipped share, grouped by the crate its name starts with, plus the data segments.
//
//   node tests/bench/wasm-crates.mjs target/profile-dist/dynamodel-app-<hash>_bg.wasm
//
// Needs a wasm that keeps function names — the release build without stripping, e.g. built from a copy
// of index.html whose rust link has data-keep-debug="true" and `--debuginfo` in data-wasm-opt-params
// (wasm-opt -Oz still runs, so the code is the shipped code; only the name section is added). A
// function is counted under the crate of its path (`engine::…`), or for `<T as Trait>::f` the crate of
// `T` (of the trait when `T` is a bare type parameter): generic std code instantiated for a crate's types
// therefore counts under std/core/alloc. The gzipped figure of a crate is its function bodies gzipped
// together (-9); the crates' figures add up to a little more than the whole file gzipped.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const file = process.argv[2];
if (!file) throw new Error('usage: node tests/bench/wasm-crates.mjs <wasm with a name section>');
const b = readFileSync(file);

let p = 8;
const leb = () => {
  let r = 0;
  let s = 0;
  let x;
  do {
    x = b[p++];
    r += (x & 0x7f) * 2 ** s;
    s += 7;
  } while (x & 0x80);
  return r;
};
const str = () => {
  const n = leb();
  const t = b.subarray(p, p + n).toString('utf8');
  p += n;
  return t;
};

let importedFunctions = 0;
const bodies = []; // [start, end) of each defined function's body
const names = new Map();
let dataBytes = 0;
const dataSegments = [];
while (p < b.length) {
  const id = b[p++];
  const len = leb();
  const end = p + len;
  if (id === 2) {
    for (let n = leb(), i = 0; i < n; i++) {
      str();
      str();
      const kind = b[p++];
      if (kind === 0) {
        leb();
        importedFunctions++;
      } else if (kind === 1) {
        p++;
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 2) {
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 3) p += 2;
      else if (kind === 4) p += 2;
    }
  } else if (id === 10) {
    for (let n = leb(), i = 0; i < n; i++) {
      const size = leb();
      bodies.push([p, p + size]);
      p += size;
    }
  } else if (id === 11) {
    dataBytes = len;
    dataSegments.push(b.subarray(p, end));
  } else if (id === 0) {
    const name = str();
    if (name === 'name') {
      while (p < end) {
        const sub = b[p++];
        const subLen = leb();
        const subEnd = p + subLen;
        if (sub === 1) {
          for (let n = leb(), i = 0; i < n; i++) {
            const index = leb();
            names.set(index, str());
          }
        }
        p = subEnd;
      }
    }
  }
  p = end;
}
if (names.size === 0) throw new Error(`${file} has no function names: build it with data-keep-debug and --debuginfo (see the header)`);

const GROUPS = [
  [/^(dynamodel_app|app)$/, 'app'],
  [/^(engine|dynamodel_engine)$/, 'engine'],
  [/^(formats|dynamodel_formats)$/, 'formats'],
  [/^(advisor|dynamodel_advisor)$/, 'advisor'],
  [/^(sim|dynamodel_sim)$/, 'sim'],
  [/^(codegen|dynamodel_codegen)$/, 'codegen'],
  [/^(leptos.*|reactive_graph|reactive_stores.*|tachys|any_spawner|or_poisoned|throw_error|hydration_context|server_fn.*|send_wrapper)$/, 'leptos (+ reactive_graph, tachys)'],
  [/^(serde|serde_core|serde_json|serde_derive)$/, 'serde, serde_json'],
  [/^plotters.*$/, 'plotters'],
  [/^gloo.*$/, 'gloo'],
  [/^(wasm_bindgen.*|js_sys|web_sys|wasm_streams|__wbg.*|__wbindgen.*|__externref.*|intounderlying.*|console_error_panic_hook|Closure.*)$/, 'wasm-bindgen, js-sys, web-sys'],
  [/^(core|alloc|std|__rustc.*|compiler_builtins|hashbrown|memchr|dlmalloc|libm|memcmp|memcpy|memmove|memset|fmax|fmin|round|__[a-z0-9]+ti3|__multi3)$/, 'std, core, alloc (incl. generics)'],
  [/^(base64|indexmap|zmij|itoa|ryu|slotmap|futures_.*|guardian|triomphe|pin_project.*|paste|rustc_hash|either|thiserror)$/, 'other crates (base64, indexmap, futures, …)'],
];

/** The crate a demangled Rust name belongs to (see the header). */
function crateOf(name) {
  let n = name.replace(/ (externref|multivalue) shim/g, '');
  if (n.startsWith('<')) {
    const inner = n.slice(1);
    const as = inner.indexOf(' as ');
    let self = as >= 0 ? inner.slice(0, as) : inner;
    self = self.replace(/^(&mut |&|\*const |\*mut |dyn |\[|\()+/, '');
    // A type parameter or a primitive type: the trait's crate says more.
    if (as >= 0 && (/^[A-Z][A-Za-z0-9]*[\]>)]*$/.test(self) || /^(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize|f32|f64|bool|char|str)\b/.test(self))) {
      self = inner.slice(as + 4);
    }
    n = self;
  }
  const first = n.split(/::|<|\[| /)[0].replace(/\[[0-9a-f]+\]$/, '');
  return first || '(unnamed)';
}

function group(crate) {
  for (const [re, label] of GROUPS) if (re.test(crate)) return label;
  return crate;
}

const byGroup = new Map();
bodies.forEach(([start, end], i) => {
  const name = names.get(importedFunctions + i) ?? '(unnamed)';
  const g = group(crateOf(name));
  const entry = byGroup.get(g) ?? { raw: 0, parts: [], crates: new Map() };
  entry.raw += end - start;
  entry.parts.push(b.subarray(start, end));
  const c = crateOf(name);
  entry.crates.set(c, (entry.crates.get(c) ?? 0) + (end - start));
  byGroup.set(g, entry);
});

const total = b.length;
const gzTotal = gzipSync(b, { level: 9 }).length;
const rows = [...byGroup.entries()].map(([g, e]) => ({ g, raw: e.raw, gz: gzipSync(Buffer.concat(e.parts), { level: 9 }).length, crates: e.crates }));
rows.push({ g: 'data segments (strings, templates, tables)', raw: dataBytes, gz: gzipSync(Buffer.concat(dataSegments), { level: 9 }).length, crates: new Map() });
rows.sort((a, b) => b.raw - a.raw);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`${file}: ${kb(total)} KB raw, ${kb(gzTotal)} KB gzipped (-9) in all, name section included`);
console.log(`${'group'.padEnd(44)} ${'raw KB'.padStart(7)} ${'gz KB'.padStart(7)}  crates (raw KB)`);
for (const r of rows) {
  const crates = [...r.crates.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([c, n]) => `${c} ${(n / 1024).toFixed(0)}`).join(', ');
  console.log(`${r.g.padEnd(44)} ${kb(r.raw)} ${kb(r.gz)}  ${crates}`);
}

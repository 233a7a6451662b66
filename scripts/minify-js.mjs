// Trunk post-build hook (Trunk.toml) for release builds: minifies the JavaScript — the wasm-bindgen glue
// and the loader (ES modules) and the service worker — with terser, rewrites their integrity hashes in
// index.html to match, and writes the final wasm's size into index.html for the loader's progress bar.
//
// Trunk's own minifier is off (Trunk.toml says why), so this is the only minification of the JS. Trunk
// reads the wasm's size for its initializer before wasm-opt shrinks the file, so the bar would stop short
// of 100 %; the size written here is the file's as served. Debug builds are left as they are.
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk hook');
const terserMain = join(process.cwd(), '.tools', 'terser', 'node_modules', 'terser', 'main.js');
const { minify } = await import(pathToFileURL(terserMain).href).catch(() => {
  throw new Error(`terser is not installed at ${terserMain}: run scripts/serve.sh or scripts/test.sh, which install it`);
});

const sri = (text) => 'sha384-' + createHash('sha384').update(text).digest('base64');
const indexPath = join(staging, 'index.html');
let index = await readFile(indexPath, 'utf8');

for (const name of await readdir(staging)) {
  if (!name.endsWith('.js')) continue;
  const path = join(staging, name);
  const source = await readFile(path, 'utf8');
  const isWorker = name === 'sw.js';
  const out = await minify(source, { module: !isWorker, compress: true, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string') throw new Error(`terser returned nothing for ${name}`);
  await writeFile(path, out.code);
  // The glue and the loader are preloaded with an integrity attribute: it must name the minified file.
  const before = sri(source);
  if (index.includes(before)) index = index.split(before).join(sri(out.code));
  console.log(`minify-js: ${name} ${source.length} -> ${out.code.length} bytes`);
}

// Trunk's start-up script: `__trunkInitializer(init, '/<name>_bg.wasm', <size>, initializer(), …)`.
const call = /(__trunkInitializer\(\s*init\s*,\s*(['"`])([^'"`]+_bg\.wasm)\2\s*,\s*)(\d+)/;
const found = index.match(call);
if (found) {
  const wasm = found[3].split('/').pop();
  const { size } = await stat(join(staging, wasm));
  index = index.replace(call, `$1${size}`);
  console.log(`minify-js: ${wasm} is ${size} bytes (Trunk said ${found[4]})`);
}
await writeFile(indexPath, index);

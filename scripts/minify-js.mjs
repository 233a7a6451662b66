// Trunk post-build hook (Trunk.toml): minifies the release build's JavaScript — the wasm-bindgen glue
// (an ES module) and the service worker — with terser, and rewrites the glue's integrity hash in
// index.html to match. Trunk minifies CSS and HTML itself but leaves the glue as wasm-bindgen wrote it,
// and the JS counts in the bundle budget (scripts/test.sh). Debug builds are left as they are.
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
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
  // The glue is preloaded with an integrity attribute: it must name the minified file's hash.
  const before = sri(source);
  if (index.includes(before)) index = index.split(before).join(sri(out.code));
  console.log(`minify-js: ${name} ${source.length} -> ${out.code.length} bytes`);
}
await writeFile(indexPath, index);

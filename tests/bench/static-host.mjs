// A release build served the way a static host serves it, for the load benchmark (tests/bench/load.mjs):
// Debian's nginx, unprivileged on a free port of 127.0.0.1, with a configuration generated here.
//
// What a visitor's browser sees from it, as from a real host: gzip for every text format and the wasm
// (`application/wasm`, so streaming compilation applies), ETags, a year's `immutable` max-age for Trunk's
// hashed file names, and `no-cache` (revalidate every time) for index.html and the service worker, whose
// names never change. Like a host's CDN, nginx sends files compressed ahead of time (`gzip_static`, gzip -9
// of a copy of the dist made here), so no request waits for compression on a busy machine.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const NGINX = '/usr/sbin/nginx';

/** Debian's nginx, installed with apt-get (as root, or through sudo) when it is missing. */
export function ensureNginx() {
  if (existsSync(NGINX)) return;
  const root = process.getuid?.() === 0;
  const run = (args) => {
    const cmd = root ? args : ['sudo', ...args];
    const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed: install Debian's nginx yourself`);
  };
  console.error('installing nginx (apt-get) ...');
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'nginx']);
}

/** A port nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

function config(dir, dist, port) {
  return `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  gzip_static on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_vary on;
  gzip_types application/wasm application/javascript text/javascript text/css image/svg+xml application/json;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    index index.html;
    etag on;
    location = /index.html { add_header Cache-Control "no-cache"; }
    location = /sw.js { add_header Cache-Control "no-cache"; }
    # Trunk's content-hashed names: name-<16 hex>.ext (the wasm: name-<16 hex>_bg.wasm), and <16 hex>-name.js
    # for the initializer.
    location ~ "(-[0-9a-f]{16}(_bg)?\\.[a-z]+|/[0-9a-f]{16}-[^/]+)$" { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`;
}

/**
 * Serves `dist` on a free port until `stop()`; `url` is the site's root. nginx runs in the foreground as
 * this process's child, with its pid file, logs and temp files in a directory of its own.
 */
export async function serveStatic(dist) {
  ensureNginx();
  const root = resolve(dist);
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root} has no index.html: build it with trunk build --release --dist ${dist}`);
  const dir = mkdtempSync(join(tmpdir(), 'dynamodel-nginx-'));
  const site = join(dir, 'site');
  cpSync(root, site, { recursive: true });
  for (const name of readdirSync(site)) {
    if (/\.(wasm|js|css|html|svg|json)$/.test(name)) {
      writeFileSync(join(site, `${name}.gz`), gzipSync(readFileSync(join(site, name)), { level: constants.Z_BEST_COMPRESSION }));
    }
  }
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, site, port));
  const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}/`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 100 || child.exitCode !== null) {
      child.kill();
      throw new Error(`nginx did not come up on ${url}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

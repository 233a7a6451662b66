# shellcheck shell=bash
# Idempotent installers for everything the build and the tests need. Each `ensure_*` first checks what is
# already there (by version, not just by presence) and only installs what is missing or wrong, so a warm
# run costs a few version commands. Everything comes from crates.io, npm or Debian: nothing downloads a
# prebuilt binary or browser from elsewhere (Trunk runs with `offline = true` for the same reason).
#
# Sourced by scripts/serve.sh and scripts/test.sh; expects ROOT to be the repository root.

TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="132.0.0"
TERSER_VERSION="5.51.4"
TOOLS_DIR="$ROOT/.tools"

log() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a command as root: directly when we are root (CI), through sudo otherwise.
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root (or sudo) to run: $*"
    fi
}

APT_UPDATED=""
apt_install() {
    command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install $* with your package manager"
    if [ -z "$APT_UPDATED" ]; then
        log "  apt-get update"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        APT_UPDATED=1
    fi
    log "  apt-get install $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_cargo_bin_on_path() {
    case ":$PATH:" in *":$HOME/.cargo/bin:"*) ;; *) export PATH="$HOME/.cargo/bin:$PATH" ;; esac
    command -v cargo >/dev/null 2>&1 || die "cargo not found: install rustup (https://rustup.rs); rust-toolchain.toml selects the toolchain"
}

# rust-toolchain.toml lists the target, but rustup ignores `targets` for a toolchain that is already
# installed.
ensure_wasm_target() {
    if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        log "  rustup target add wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown >/dev/null
    fi
}

# The wasm-bindgen version in Cargo.lock: the CLI must match the library exactly.
locked_wasm_bindgen_version() {
    awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# Trunk and wasm-bindgen-cli build C code (TLS crypto) when compiled from source.
ensure_c_toolchain() {
    command -v cc >/dev/null 2>&1 || apt_install build-essential pkg-config
}

ensure_trunk() {
    if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
        ensure_c_toolchain
        log "  cargo install trunk $TRUNK_VERSION (one-off, ~20 min on 2 cores)"
        cargo install trunk --version "$TRUNK_VERSION" --locked --quiet
    fi
}

ensure_wasm_bindgen() {
    local want
    want="$(locked_wasm_bindgen_version)"
    [ -n "$want" ] || die "wasm-bindgen not found in Cargo.lock"
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ] \
        || [ "$(wasm-bindgen-test-runner --version 2>/dev/null)" != "wasm-bindgen-test-runner $want" ]; then
        ensure_c_toolchain
        log "  cargo install wasm-bindgen-cli $want (one-off, ~7 min)"
        # Not --locked: the CLI's own lockfile names a crate version the registry no longer has.
        cargo install wasm-bindgen-cli --version "$want" --quiet
    fi
}

# wasm-opt from npm's binaryen (Debian's binaryen 108 produces modules that crash in the browser).
ensure_wasm_opt() {
    local dir="$TOOLS_DIR/binaryen"
    if ! "$dir/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version ${BINARYEN_VERSION%%.*}"; then
        ensure_node
        log "  npm install binaryen@$BINARYEN_VERSION"
        mkdir -p "$dir"
        npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "binaryen@$BINARYEN_VERSION" >/dev/null
    fi
    export PATH="$dir/node_modules/.bin:$PATH"
}

# terser from npm minifies the release build's JavaScript (scripts/minify-js.mjs, a Trunk post-build hook).
ensure_terser() {
    local dir="$TOOLS_DIR/terser"
    if [ "$(node -p "require('$dir/node_modules/terser/package.json').version" 2>/dev/null)" != "$TERSER_VERSION" ]; then
        ensure_node
        log "  npm install terser@$TERSER_VERSION"
        mkdir -p "$dir"
        npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "terser@$TERSER_VERSION" >/dev/null
    fi
}

ensure_node() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        apt_install nodejs npm
    fi
}

ensure_chromium() {
    if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
        apt_install chromium chromium-driver
    fi
}

# python3 serves the bundle for Playwright's offline test; the SDK tests make a venv, which Debian ships
# separately.
ensure_python() {
    if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
        apt_install python3 python3-venv
    fi
}

# npm packages of the browser tests (tests/package.json). A stamp of package.json skips npm when unchanged.
ensure_test_node_modules() {
    ensure_node
    local dir="$ROOT/tests" stamp want
    stamp="$dir/node_modules/.dynamodel-stamp"
    want="$(sha256sum "$dir/package.json" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        log "  npm install (tests/)"
        npm install --prefix "$dir" --no-package-lock --no-audit --no-fund --loglevel=error >/dev/null
        printf '%s\n' "$want" > "$stamp"
    fi
}

# The SDK tests' packages: Python's (tests/sdk/requirements.txt, plus cfn-lint where it installs) in
# .tools/venv, and npm's (tests/sdk/package.json) in tests/sdk/node_modules. A stamp of each file skips pip
# and npm when it is unchanged.
ensure_sdk_test_packages() {
    ensure_node
    ensure_python
    local venv="$TOOLS_DIR/venv" req="$ROOT/tests/sdk/requirements.txt" dir="$ROOT/tests/sdk" stamp want
    stamp="$venv/.dynamodel-stamp"
    want="$(sha256sum "$req" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || ! "$venv/bin/python" -c 'import boto3, awscli, pytest, xdist' 2>/dev/null; then
        log "  pip install -r tests/sdk/requirements.txt (into .tools/venv)"
        [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
        if ! "$venv/bin/python" -c 'import cfnlint' 2>/dev/null; then
            log "  pip install cfn-lint"
            "$venv/bin/pip" install --quiet --disable-pip-version-check cfn-lint || log "  cfn-lint did not install: its test will be skipped"
        fi
        printf '%s\n' "$want" >"$stamp"
    fi
    stamp="$dir/node_modules/.dynamodel-sdk-stamp"
    want="$(sha256sum "$dir/package.json" | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        log "  npm install (tests/sdk/)"
        npm install --prefix "$dir" --no-package-lock --no-audit --no-fund --loglevel=error >/dev/null
        printf '%s\n' "$want" >"$stamp"
    fi
}

# Trunk builds with `offline = true`, which also makes cargo offline: fetch the crates first.
fetch_crates() {
    cargo fetch --quiet
}


# What the serve command needs.
ensure_build_tools() {
    ensure_cargo_bin_on_path
    ensure_wasm_target
    ensure_node
    ensure_wasm_opt
    ensure_terser
    ensure_wasm_bindgen
    ensure_trunk
    fetch_crates
}

# What the test command needs on top: everything is installed before any stage starts, so nothing writes
# into the tree while the tests run.
ensure_test_tools() {
    ensure_build_tools
    ensure_chromium
    ensure_python
    ensure_test_node_modules
    ensure_sdk_test_packages
}

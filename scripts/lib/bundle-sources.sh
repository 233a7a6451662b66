#!/usr/bin/env bash
# A digest of everything the release bundle is built from: the files git tracks or would track, minus
# tests/, docs/, .ci/, server/, the engine's fuzz folder, the test script and the two documents no build
# reads, plus the partition-model documents the Heat tab shows (docs/partition-model*.md, built into the
# app), plus the toolchain's versions. Sorted: git lists tracked files before untracked ones, and a
# commit must not change the digest. Empty outside a git checkout, which makes every run build.
#
# Sourced by scripts/test.sh (`bundle_sources`). Run by Trunk as a pre-build hook (Trunk.toml), it writes
# the digest into a release build's output as `.bundle-sources`, taken before the build reads anything: a
# bundle that `scripts/serve.sh` built can then be recognised by the test command as built from the very
# sources it would build from, and tested instead of being built a second time.

bundle_sources() {
    local root="${1:-$ROOT}"
    git -C "$root" rev-parse --git-dir >/dev/null 2>&1 || return 0
    {
        rustc --version; trunk --version; wasm-opt --version
        {
            git -C "$root" ls-files -z -co --exclude-standard -- . ':!tests' ':!docs' ':!.ci' ':!server' \
                ':!scripts/test.sh' ':!engine/fuzz' ':!README.md' ':!ARCHITECTURE.md'
            git -C "$root" ls-files -z -co --exclude-standard -- 'docs/partition-model*.md'
        } | sort -z | (cd "$root" && xargs -0 sha256sum)
    } 2>&1 | sha256sum | cut -d' ' -f1
}

# As Trunk's pre-build hook: stamp a release build's staging directory (a debug build is never reused).
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ -n "${TRUNK_STAGING_DIR:-}" ]; then
    if [ "${TRUNK_PROFILE:-}" = release ]; then
        digest="$(bundle_sources "${TRUNK_SOURCE_DIR:-$(pwd)}")"
        [ -z "$digest" ] || printf '%s\n' "$digest" >"$TRUNK_STAGING_DIR/.bundle-sources"
    fi
fi

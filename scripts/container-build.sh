#!/bin/sh
# The container image's build steps, in one place: the Dockerfile RUNs them, and so does the test that builds the
# image's contents outside Docker (test/container/container.test.ts, part of `npm test`, since docker may not run
# where CI does).
#
#   scripts/container-build.sh install   every dependency, exactly as the lock file has them (esbuild included)
#   scripts/container-build.sh build     dist/ (npm run build), then the dev dependencies go (npm prune), and
#                                        the font files the picture never loads (scripts/prune-fonts.mjs)
#
# Run from the project folder (the image's WORKDIR).
set -eu

case "${1:-}" in
  install)
    npm ci --no-audit --no-fund
    ;;
  build)
    npm run build
    # Optional dependencies stay: @napi-rs/canvas's native binary is one (the package for this platform).
    npm prune --omit=dev --no-audit --no-fund
    # typescript, a dev dependency, stays with them as an optional peer of i18next; nothing at run time needs it.
    rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
    # @fontsource ships every weight as woff and woff2 (~165 MB): the picture loads the woff2 files that
    # src/picture/fonts.json names (~14 MB).
    node scripts/prune-fonts.mjs
    ;;
  *)
    echo "usage: $0 install|build" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# The one test command (README, CI): types, lint, unit and integration tests (PGlite, and PostgreSQL when
# reachable), then the Playwright end-to-end tests in Debian's Chromium against the built PWA and real server.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }
started=$SECONDS

step "typecheck"
npx tsc --noEmit -p tsconfig.json

step "lint"
npx eslint --max-warnings 0 .

step "unit and integration tests (vitest)"
npx vitest run

step "end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx playwright test

printf '\nAll test stages passed in %ss.\n' "$((SECONDS - started))"

#!/usr/bin/env bash
# The one test command (README, CI): types, lint, unit and integration tests (PGlite, and PostgreSQL when
# reachable), the build and its bundle budget, then the Playwright end-to-end tests in Debian's Chromium against
# the built PWA and real server.
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

step "build, and the bundle budget (sign-in route's initial JavaScript <= 150 kB gzip, inbox route's <= 220 kB)"
npx vite build --logLevel warn
node --import tsx scripts/bundleBudget.ts

step "end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
if ! npx playwright test; then
  # CI keeps only the end of this output: what each failed journey's page showed, its header (the sync status)
  # and its main region, from Playwright's snapshot of the page.
  for context in test-results/*/error-context.md; do
    [ -f "$context" ] || continue
    printf '\n== page at the failure: %s\n' "$(basename "$(dirname "$context")")"
    awk '/^- banner:/ { header = 4 } /^- main:/ { main = 40 } header > 0 { print; header-- } main > 0 { print; main-- }' "$context"
  done
  exit 1
fi

printf '\nAll test stages passed in %ss.\n' "$((SECONDS - started))"

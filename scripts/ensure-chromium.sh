#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the Playwright e2e suite. Playwright's own browser download is
# never used here (`npx playwright install` does not work on these machines); playwright.config.ts points at
# /usr/bin/chromium instead.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "ensure-chromium: $CHROMIUM present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-chromium: $CHROMIUM is missing, and installing it needs root or sudo" >&2
  exit 1
fi

echo "ensure-chromium: $CHROMIUM missing; installing Debian package 'chromium' with apt-get"
# Wait for the dpkg lock instead of failing when another apt run (for example a background install) holds it.
APT_OPTIONS=(-o DPkg::Lock::Timeout=600)
"${SUDO[@]}" apt-get "${APT_OPTIONS[@]}" update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTIONS[@]}" install -y chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"

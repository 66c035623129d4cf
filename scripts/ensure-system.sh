#!/usr/bin/env bash
# Installs what a clean machine of this kind lacks for the tests: Chromium (the browser, and its headless shell that the
# journeys run in: playwright.config.ts), PostgreSQL and the fonts of the course
# languages' Indic scripts (Devanagari for Hindi and Marathi, Kannada, Telugu, Tamil), from Debian's packages.
# Safe to run again: it installs only what is missing. Needs root (as CI and this workplace's machines are).
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# Without them Chromium draws Hindi, Kannada, Telugu, Tamil and Marathi as empty boxes (the course journeys check it).
# Noto Sans is the UI's Indic face (UI.md); Lohit is the fallback Debian's fontconfig knows for each script.
for font in fonts-noto-core fonts-lohit-deva fonts-lohit-knda fonts-lohit-telu fonts-lohit-taml; do
  dpkg -s "$font" >/dev/null 2>&1 || need+=("$font")
done

if [ ${#need[@]} -eq 0 ]; then
  echo "ensure-system: Chromium, its headless shell, PostgreSQL and the Indic fonts are present"
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
  echo "ensure-system: missing ${need[*]}; install them (Debian: apt-get install ${need[*]}) or run as root" >&2
  exit 1
fi
echo "ensure-system: installing ${need[*]} from Debian packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "ensure-system: done"

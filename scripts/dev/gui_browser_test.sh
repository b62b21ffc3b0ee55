#!/usr/bin/env bash
# The browser test of `damka gui`: a headless Chromium, driven by Selenium, plays through the
# page by clicks and drags (scripts/dev/gui_browser_test.py says what it covers, in about 45 s)
# and saves each game's board at desktop and phone width to target/gui-shots/<game>.png and
# <game>-phone.png (GUI_SHOTS=docs/gui renews the screenshots of the docs).
#
# It installs what it needs: Chromium and its driver through apt-get when they are missing and
# apt-get can be used, and Selenium into a virtual environment under target/. When no browser
# can be had it says why and exits 0 (skipped).
#
# Environment: CHROMIUM, CHROMEDRIVER (defaults /usr/bin/chromium, /usr/bin/chromedriver),
# GUI_VENV (default target/gui-venv), GUI_SHOTS (default target/gui-shots), PYTHON (default python3).
set -euo pipefail
cd "$(dirname "$0")/../.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
chromedriver="${CHROMEDRIVER:-/usr/bin/chromedriver}"
venv="${GUI_VENV:-target/gui-venv}"
shots="${GUI_SHOTS:-target/gui-shots}"

skip() {
    echo "gui browser test: skipped: $*" >&2
    exit 0
}

if [[ ! -x "$chromium" || ! -x "$chromedriver" ]]; then
    if command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
        echo "gui browser test: installing chromium and chromium-driver" >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            chromium chromium-driver; } >/dev/null 2>&1 ||
            skip "apt-get could not install chromium and chromium-driver"
    else
        skip "no $chromium or $chromedriver, and apt-get cannot be used to install them"
    fi
fi
[[ -x "$chromium" && -x "$chromedriver" ]] || skip "chromium or chromedriver is still missing"

if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv" || skip "cannot make a Python virtual environment"
fi
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check selenium ||
        skip "cannot install selenium"
fi

cargo build --release --quiet
start=$(date +%s)
"$venv/bin/python" scripts/dev/gui_browser_test.py target/release/damka "$chromedriver" \
    "$chromium" "$shots"
echo "gui browser test: $(($(date +%s) - start)) s"

#!/usr/bin/env bash
# Fails unless each PNG given looks like a drawn window: not one flat colour (a black or blank
# frame taken before the window was drawn). Needs ImageMagick (`identify`), which demo.sh installs.
# Usage: bash scripts/check-screenshot.sh FILE.png...
set -euo pipefail
status=0
for file in "$@"; do
    if [ ! -s "$file" ]; then
        echo "error: screenshot $file is missing or empty" >&2
        status=1
        continue
    fi
    # The spread of grey levels over the whole picture: 0 for a single colour. A window with
    # text and widgets has a spread of several percent; a blank frame has none.
    spread="$(identify -format '%[fx:standard_deviation]' "$file")"
    if python3 -c "import sys; sys.exit(0 if float('$spread') < 0.01 else 1)"; then
        echo "error: screenshot $file is blank (one colour: standard deviation $spread)" >&2
        status=1
    fi
done
exit $status

#!/usr/bin/env bash
# Builds the documentation site into .build/docs: one DocC archive per module (RxSwift, RxRelay,
# RxCocoa, RxTest, RxBlocking, RxGtk, RxAdw), merged into one static site. Fails on any docc warning
# (a broken symbol link, a parameter documented that does not exist, …), on a public symbol or a
# parameter without documentation, when the marble diagrams are not what their generator
# draws, and when the prose's claims about platforms or marble frames disagree with the manifest,
# CI or the samples (scripts/check-doc-claims.py). Installs GTK 4 when missing (RxGtk's symbols
# need it). Prints the warnings and errors (each step's full output is in .build/docs-work/*.log)
# and, at the end, how to read the result:
#
#   python3 -m http.server --directory .build/docs 8000
#   then open http://localhost:8000 (the RxSwift module's page)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh

pkg-config --exists gtk4 2>/dev/null || ensure_packages libgtk-4-dev pkg-config
pkg-config --exists libadwaita-1 2>/dev/null || ensure_packages libadwaita-1-dev
enable_gtk

work=".build/docs-work"
rm -rf "$work" .build/docs
mkdir -p "$work"
log="$work/docc.log"
# Runs a step with its output in $work/$1.log, shown only when the step fails.
quietly() {
    local name="$1"
    shift
    if ! "$@" >"$work/$name.log" 2>&1; then
        cat "$work/$name.log" >&2
        echo "error: $name failed (output above, and in $work/$name.log)" >&2
        exit 1
    fi
}

# What the prose claims about platforms and marble frames, against the manifest, CI and samples.
echo "Checking the documentation's claims…"
quietly claims python3 scripts/check-doc-claims.py

# The living marble diagrams: regenerated in memory and compared with the committed files.
echo "Checking the marble diagrams…"
quietly marbles swift run -q MarbleDiagrams --check

# Symbol graphs of the seven library modules (public API; extension blocks kept, so that extensions
# of other modules' types get pages; members inherited from a protocol of another module are
# left to that protocol's page).
echo "Building the modules and their symbol graphs…"
quietly build swift build
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
graphs=".build/symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"
for module in RxSwift RxRelay RxCocoa RxTest RxBlocking RxGtk RxAdw; do
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$PWD/Sources/CGtk/module.modulemap" $(pkg-config --cflags-only-I gtk4) \
        -Xcc -fmodule-map-file="$PWD/Sources/CAdw/module.modulemap" $(pkg-config --cflags-only-I libadwaita-1) \
        -Xcc -fmodule-map-file="$bin/OpenRxShims.build/module.modulemap" -Xcc -I"$PWD/Sources/OpenRxShims/include" \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$graphs"
done

archives=()
echo "Converting each module's documentation, then merging them…"
for module in RxSwift RxRelay RxCocoa RxTest RxBlocking RxGtk RxAdw; do
    # A copy of the catalog, plus resources that live elsewhere in the repository.
    cp -R "Sources/$module/$module.docc" "$work/$module.docc"
    [ "$module" != RxSwift ] || cp Benchmarks/instructions-chart.svg "$work/$module.docc/"
    mkdir -p "$work/$module-graphs"
    cp "$graphs/$module.symbols.json" "$work/$module-graphs/"
    for extensions in "$graphs/$module"@*.symbols.json; do
        [ ! -e "$extensions" ] || cp "$extensions" "$work/$module-graphs/"
    done
    docc convert "$work/$module.docc" \
        --additional-symbol-graph-dir "$work/$module-graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.openrx.$module" \
        --output-path "$work/$module.doccarchive" \
        --experimental-documentation-coverage --coverage-summary-level none >>"$log" 2>&1
    archives+=("$work/$module.doccarchive")
done
docc merge "${archives[@]}" --synthesized-landing-page-name OpenRx --synthesized-landing-page-kind Package \
    --output-path "$work/OpenRx.doccarchive" >>"$log" 2>&1
docc process-archive transform-for-static-hosting "$work/OpenRx.doccarchive" --output-path .build/docs \
    >>"$log" 2>&1
# The site's root and /documentation (DocC's "not found" page and a grid of the seven modules) lead
# to the RxSwift module's page, where the articles start; every other page keeps its own copy of
# the site's entry page.
for entry in .build/docs/index.html .build/docs/documentation/index.html; do
    cat >"$entry" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>OpenRx documentation</title>
<meta http-equiv="refresh" content="0; url=/documentation/rxswift">
<link rel="canonical" href="/documentation/rxswift"></head>
<body><p><a href="/documentation/rxswift">OpenRx documentation: RxSwift</a></p></body></html>
HTML
done

# Every page's header and window title say "OpenRx" where DocC's renderer says "Documentation":
# the window title through the site's theme settings, the header's through the renderer's English
# strings (it has no setting for it).
cat >.build/docs/theme-settings.json <<'JSON'
{ "meta": { "title": "OpenRx" } }
JSON
renamed=0
for script in .build/docs/js/index.*.js; do
    if grep -q '"documentation":{"title":"Documentation"' "$script"; then
        sed -i 's/"documentation":{"title":"Documentation"/"documentation":{"title":"OpenRx"/' "$script"
        renamed=1
    fi
done
if [ "$renamed" -ne 1 ]; then
    echo "error: DocC's renderer no longer holds its header title where scripts/docs.sh looks" >&2
    exit 1
fi

{
# Every public symbol has its documentation, and every parameter of a function too (the pages
# docc makes for extended modules and types are containers, with nothing to document).
python3 - "$work" <<'PY'
import json, sys
undocumented, total = [], 0
for module in ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking", "RxGtk", "RxAdw"]:
    with open(f"{sys.argv[1]}/{module}.doccarchive/documentation-coverage.json") as file:
        for page in json.load(file):
            if not page["kind"]["isSymbol"] or page["kind"]["name"].startswith("Extended "):
                continue
            total += 1
            path = page["referencePath"].split("/documentation/")[-1]
            if not page["hasAbstract"]:
                undocumented.append(f"{path} has no documentation")
            parameters = (page.get("kindSpecificData") or {}).get("associatedValue")
            if isinstance(parameters, dict) and parameters.get("documented", 0) < parameters.get("total", 0):
                undocumented.append(f"{path}: {parameters['documented']} of {parameters['total']} parameters documented")
for problem in undocumented:
    print(f"warning: {problem}")
print(f"{total - len(undocumented)} of {total} public symbols documented, with their parameters")
PY
} >>"$log" 2>&1

grep -A8 -E "^(warning|error):" "$log" >&2 || true
tail -1 "$log"
warnings="$(grep -c -E "^(warning|error):" "$log" || true)"
if [ "$warnings" -ne 0 ]; then
    echo "error: the documentation build printed $warnings warning(s) (full log: $log)" >&2
    exit 1
fi
echo "Documentation: .build/docs (no warnings). To read it:"
echo "  python3 -m http.server --directory .build/docs 8000"
echo "  then open http://localhost:8000"

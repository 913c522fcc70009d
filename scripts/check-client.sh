#!/usr/bin/env bash
# Builds a client package the way the README tells a user to: its manifest sample, its Quick
# start as the program, and the two styles of RxSwift-era code (nonisolated view models, main-actor
# screens) as the client's own code. Built in the Swift 6 and the Swift 5 language modes and in a
# new Xcode 26 project's settings, with warnings as errors, then run. Usage: bash scripts/check-client.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The README's ```swift blocks: the manifest is the one starting with swift-tools-version.
python3 - "$repo/README.md" "$work" <<'PY'
import re, sys
readme, work = sys.argv[1], sys.argv[2]
blocks = re.findall(r"```swift\n(.*?)```", open(readme).read(), re.S)
manifest = next(b for b in blocks if b.startswith("// swift-tools-version"))
open(f"{work}/Package.swift.in", "w").write(manifest)
PY
mkdir -p "$work/Client/Sources/MyApp" "$work/Client/Tests/MyAppTests"
cp "$repo/Tests/ReadmeQuickStart/main.swift" "$work/Client/Sources/MyApp/main.swift"
cp "$repo/Tests/NonisolatedStyles/NonisolatedStyles.swift" "$work/Client/Sources/MyApp/"
# The main-actor style: the types of the Swift 6 ergonomics tests, without their test cases
# (XCTestCases through TestSupport's TimeLimitedTestCase).
python3 - "$repo/Tests/Swift6ErgonomicsTests/MainActorErgonomicsTests.swift" \
    "$work/Client/Sources/MyApp/MainActorStyles.swift" <<'PY'
import re, sys
source = open(sys.argv[1]).read().replace("import XCTest\n", "").replace("import TestSupport\n", "")
out, i = [], 0
for m in re.finditer(r"final class \w+: (?:XCTestCase|TimeLimitedTestCase) \{", source):
    if m.start() < i:
        continue
    out.append(source[i:m.start()])
    depth, j = 0, m.end() - 1
    while True:
        depth += {"{": 1, "}": -1}.get(source[j], 0)
        j += 1
        if depth == 0:
            break
    i = j
out.append(source[i:])
open(sys.argv[2], "w").write("".join(out))
PY
touch "$work/Client/Tests/MyAppTests/Empty.swift"
ln -s "$repo" "$work/OpenRx"

# Swift 6, Swift 5, and a new Xcode 26 project's settings (Swift 6, code main-actor isolated unless
# it says otherwise, nonisolated async functions on their caller's actor, isolated conformances).
for mode in 6 5 xcode26; do
    flags='"-warnings-as-errors"'
    features=''
    language="$mode"
    label="Swift $mode language mode"
    if [ "$mode" = xcode26 ]; then
        flags='"-warnings-as-errors", "-default-isolation", "MainActor"'
        features=', .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances")'
        language=6
        label="a new Xcode 26 project's settings"
    fi
    { cat "$work/Package.swift.in"
      echo "package.swiftLanguageModes = [.v$language]"
      echo "for target in package.targets { target.swiftSettings = [.unsafeFlags([$flags])$features] }"
    } > "$work/Client/Package.swift"
    echo "== client package, $label, warnings as errors"
    (cd "$work/Client" && swift build --build-tests --scratch-path "$work/build" 2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]" )
    output="$(cd "$work/Client" && swift run --skip-build --scratch-path "$work/build" MyApp)"
    [ "$output" = '["Seoul", "Seogwipo"]' ] || { echo "unexpected output: $output" >&2; exit 1; }
    echo "   built without warnings; MyApp printed $output"
done

#!/usr/bin/env bash
# The type-check benchmark and guard: type-checks the corpus (TypeCheck/corpus.py: chains of the
# shapes users write, one function each) against OpenRx in the Swift 6 mode, times every function
# (-debug-time-function-bodies), prints the slowest, and fails when one is above the bound or the
# compiler gives up on one ("unable to type-check"). Then it times TypeCheck/Toy.swift, the
# compiler's problem with no Rx in it (information only: fast means the compiler fixed it).
#
#   bash Benchmarks/typecheck.sh                     # OpenRx, built here (debug); bound 1,000 ms
#   bash Benchmarks/typecheck.sh --bound 500
#   bash Benchmarks/typecheck.sh --modules DIR       # another build of the RxSwift API (its
#                                                    # modules in DIR; without RxCocoa's functions)
#
# Run from anywhere; takes about 15 seconds after the build. CI runs it with the default bound.
set -euo pipefail
cd "$(dirname "$0")/.."

bound=1000
modules=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bound) bound="$2"; shift 2 ;;
        --modules) modules="$2"; shift 2 ;;
        *) echo "usage: bash Benchmarks/typecheck.sh [--bound MS] [--modules DIR]" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$modules" ]; then
    swift build --target RxCocoa >/dev/null
    bin=$(swift build --show-bin-path)
    flags=(-I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/OpenRxShims.build/module.modulemap")
    python3 Benchmarks/TypeCheck/corpus.py "$work/Corpus.swift"
else
    flags=(-I "$modules")
    python3 Benchmarks/TypeCheck/corpus.py "$work/Corpus.swift" --no-cocoa
fi

started=$(date +%s.%N)
swiftc -typecheck -swift-version 6 "${flags[@]}" -Xfrontend -debug-time-function-bodies \
    "$work/Corpus.swift" >"$work/out" 2>&1 || true
ended=$(date +%s.%N)

python3 - "$work/out" "$bound" "$started" "$ended" <<'PY'
import re, sys
out, bound, started, ended = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
times, errors = [], []
for line in open(out):
    m = re.match(r"([0-9.]+)ms\t\S+:(\d+):\d+\t(?:global function|instance method) \S+\(file\)\.((?:ViewModel\.)?\w+)", line)
    if m:
        times.append((float(m.group(1)), m.group(3)))
    elif re.match(r"\S+:\d+:\d+: error: ", line):
        errors.append(line.strip().split("/")[-1])
times.sort(reverse=True)
total = sum(t for t, _ in times)
print(f"type-check corpus: {len(times)} functions, {total / 1000:.1f} s in function bodies, "
      f"{ended - started:.1f} s in all; bound {bound:.0f} ms per function")
print("slowest:")
for t, name in times[:10]:
    print(f"  {t:8.1f} ms  {name}")
over = [(t, n) for t, n in times if t > bound]
if errors:
    print(f"FAILED: {len(errors)} errors, first: {errors[0]}")
if over:
    print(f"FAILED: {len(over)} functions above {bound:.0f} ms")
if errors or over or not times:
    sys.exit(1)
PY

toy_started=$(date +%s.%N)
if swiftc -typecheck -swift-version 6 Benchmarks/TypeCheck/Toy.swift >"$work/toy" 2>&1; then
    verdict="type-checks: the compiler no longer has the problem (see ARCHITECTURE.md, \"Type-checking cost\")"
else
    verdict="given up on: \"$(grep -m1 -o 'unable to type-check[^;]*' "$work/toy" || echo 'an error')\" (the compiler's problem, still there)"
fi
echo "toy (TypeCheck/Toy.swift): $(python3 -c "print(f'{$(date +%s.%N) - $toy_started:.1f}')") s, $verdict"

#!/usr/bin/env bash
# Runs the benchmark suite and prints the comparison table (one column per implementation,
# ratios to the plain-Swift floor). Usage, from anywhere: bash Benchmarks/run.sh
set -euo pipefail
cd "$(dirname "$0")"
out="$(mktemp -d)"
swift package --allow-writing-to-package-directory benchmark \
    --format jsonSmallerIsBetter --path "$out" --no-progress >"$out/log.txt" 2>&1 \
    || { cat "$out/log.txt"; exit 1; }
# Workload 11 runs each implementation in a fresh process (see Sources/HeapProbe).
swift build -c release --product HeapProbe >/dev/null
probe="$(swift build -c release --show-bin-path)/HeapProbe"
for implementation in floor OpenRx OpenCombine; do
    echo "$implementation $("$probe" "$implementation")"
done >"$out/heap.txt"
# CPU instructions per element, counted by callgrind (deterministic; see instructions.sh).
if command -v valgrind >/dev/null; then
    bash instructions.sh >"$out/instructions.txt"
else
    echo "valgrind not found: no instruction counts (apt-get install valgrind)" >&2
    : >"$out/instructions.txt"
fi
python3 report.py "$out"/*.json "$out/heap.txt" "$out/instructions.txt"
# The chart in README.md: instructions per element relative to the floor.
if [ -s "$out/instructions.txt" ]; then
    python3 chart.py "$out/instructions.txt" >instructions-chart.svg
    cp "$out/instructions.txt" instructions-latest.txt
    echo "wrote Benchmarks/instructions-chart.svg (from Benchmarks/instructions-latest.txt)" >&2
fi

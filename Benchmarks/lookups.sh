#!/usr/bin/env bash
# Run-time type look-ups per element: for each per-element workload, OpenRx's calls into the
# Swift run-time's generic metadata and conformance machinery, counted by callgrind at two sizes
# and divided by the difference in elements (so one-time look-ups cancel). Prints
# "<workload> <calls per element>" and the functions behind any count above zero.
# Usage: bash Benchmarks/lookups.sh [workload…]   (about 2 minutes for all)
set -euo pipefail
cd "$(dirname "$0")"
flags=(-c release -Xswiftc -gnone -Xcc -g0)
swift build "${flags[@]}" --product InstructionProbe >/dev/null 2>&1 || swift build "${flags[@]}" --product InstructionProbe
probe="$(swift build "${flags[@]}" --show-bin-path)/InstructionProbe"
pattern='swift_getGenericMetadata|swift_getAssociatedTypeWitness|swift_getAssociatedConformanceWitness|swift_conformsToProtocol|swift_dynamicCast|swift_getWitnessTable|swift_getTupleTypeMetadata'
work="$(mktemp -d)"
for workload in ${*:-01 02 03 05 06 07 08 09 12 13}; do
    for size in 20000 40000; do
        valgrind --tool=callgrind --callgrind-out-file="$work/$size.out" "$probe" "$workload" OpenRx "$size" \
            >"$work/$size.size" 2>/dev/null
    done
    python3 - "$work" "$pattern" "$workload" <<'PY'
import re, sys
work, pattern, workload = sys.argv[1], re.compile(sys.argv[2]), sys.argv[3]
def calls(path):
    """Calls per callee name, from callgrind's own file (cfn= names the callee, calls= counts)."""
    names, counts, callee = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(2): names[m.group(1)] = m.group(2)
            if line.startswith("cfn="): callee = names.get(m.group(1))
            continue
        if line.startswith("calls=") and callee and pattern.search(callee):
            counts[callee] = counts.get(callee, 0) + int(line.split()[0][6:])
    return counts
small, large = calls(f"{work}/20000.out"), calls(f"{work}/40000.out")
elements = int(open(f"{work}/40000.size").read().split()[0]) - int(open(f"{work}/20000.size").read().split()[0])
per = {k: (large.get(k, 0) - small.get(k, 0)) / elements for k in set(small) | set(large)}
total = sum(per.values())
print(f"{workload} {total:.3f}")
for name, value in sorted(per.items(), key=lambda kv: -kv[1]):
    if value > 0.0005: print(f"    {value:.3f} {name}")
PY
done
rm -rf "$work"

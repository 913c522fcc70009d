#!/usr/bin/env bash
# The performance regression guard: counts OpenRx's CPU instructions per element on every
# workload, and per operation on every scaling curve at its largest size (callgrind,
# deterministic), and fails when one costs more than 10% above the number committed in
# instructions-baseline.txt. Not a timed test: instruction counts do not depend on
# the machine's load.
set -euo pipefail
cd "$(dirname "$0")"
measured="$(mktemp)"
if ! IMPLEMENTATIONS=OpenRx bash instructions.sh >"$measured" 2>"$measured.err"; then
    echo "instructions.sh failed; what it printed:" >&2
    cat "$measured" "$measured.err" >&2
    exit 1
fi
# The scaling curves, each at its largest size (scaling.sh; lines "<curve>@<size> OpenRx ...").
if ! GUARD=1 bash scaling.sh >>"$measured" 2>"$measured.err"; then
    echo "scaling.sh failed; what it printed:" >&2
    cat "$measured" "$measured.err" >&2
    exit 1
fi
python3 - "$measured" instructions-baseline.txt <<'PY'
import sys
measured = {tuple(l.split()[:2]): float(l.split()[2]) for l in open(sys.argv[1]) if l.strip()}
failed = False
print("workload  baseline  measured  change")
for line in open(sys.argv[2]):
    if not line.strip() or line.startswith("#"):
        continue
    workload, implementation, baseline = line.split()
    now = measured.get((workload, implementation))
    if now is None:
        print(f"{workload}  {baseline}  missing")
        failed = True
        continue
    change = now / float(baseline) - 1
    mark = "  <- more than 10% above the baseline" if change > 0.10 else ""
    print(f"{workload}  {float(baseline):9.1f}  {now:8.1f}  {change:+6.1%}{mark}")
    failed |= change > 0.10
sys.exit(1 if failed else 0)
PY

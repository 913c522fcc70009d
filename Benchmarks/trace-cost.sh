#!/usr/bin/env bash
# What tracing costs in time (Sources/TraceCostProbe): 200 subscriptions of workload 01's chain over
# 1,000 elements, traced against untraced, on the subscribing thread and then on two serial
# queues (subscribe(on:) one, observe(on:) another), release build. Wall-clock ratios within one process:
# run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TraceCostProbe >/dev/null 2>&1 || swift build -c release --product TraceCostProbe
"$(swift build -c release --show-bin-path)/TraceCostProbe"

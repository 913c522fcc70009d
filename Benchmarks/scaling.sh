#!/usr/bin/env bash
# The scaling curves: CPU instructions per operation (callgrind) as the size around it grows,
# for the floor, OpenRx and OpenCombine (Sources/ScalingProbe says what each curve's operation
# is). Each point runs the probe at two operation counts and divides the difference in
# instructions by the difference in operations, which cancels the setup at that size.
# Prints lines "<curve> <implementation> <size> <instructions per operation>".
# Usage: bash Benchmarks/scaling.sh [curve ...]   (about 4 minutes on 2 cores for all curves;
#        with no curve named, also writes scaling-latest.txt and scaling-chart.svg)
#        GUARD=1 bash Benchmarks/scaling.sh     OpenRx only, at each curve's largest size, as
#        lines "<curve>@<size> OpenRx <instructions>" for check-instructions.sh (about a minute)
set -euo pipefail
cd "$(dirname "$0")"
flags=(-c release -Xswiftc -gnone -Xcc -g0)
swift build "${flags[@]}" --product ScalingProbe >/dev/null 2>&1 || swift build "${flags[@]}" --product ScalingProbe
probe="$(swift build "${flags[@]}" --show-bin-path)/ScalingProbe"
export probe
# Dictionaries (flatMap's inner subscriptions) are hashed with a per-process random seed, which
# moves instruction counts by a few percent from run to run; a fixed seed makes them repeatable.
export SWIFT_DETERMINISTIC_HASHING=1

# Sizes per curve, and the operation counts: enough operations that the difference is not noise.
sizes() {
    case "$1" in
        fanout) echo 1 10 100 1000 10000 100000 ;;
        churn) echo 0 10 100 1000 10000 100000 ;;
        afterchurn) echo 0 100 1000 10000 100000 ;;
        depth) echo 1 10 100 1000 10000 ;;
        merge) echo 10 100 1000 10000 100000 ;;
        combine | zip) echo 2 10 100 1000 ;;
        replay) echo 1 10 100 1000 10000 ;;
        queued) echo 1 10 100 1000 ;;
    esac
}
operations() { # curve size -> the smaller of the two operation counts
    case "$1" in
        fanout | depth) echo $(((50000 + $2 - 1) / $2)) ;;
        afterchurn) echo 500 ;;
        replay) echo 2000 ;;
        queued) echo $(((20000 + $2 - 1) / $2)) ;;
        *) echo 10000 ;;
    esac
}
point() { # curve implementation size small
    local a b out
    out="$(mktemp)"
    a="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" "$3" "$4" 2>&1 >"$out" | grep -o 'refs: *[0-9,]*' | tr -dc '0-9')"
    if [ "$(cat "$out")" = "n/a" ]; then rm -f "$out"; return; fi
    local small checksum
    small="$(cut -d' ' -f1 "$out")"
    b="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" "$3" "$(($4 * 2))" 2>&1 >"$out" | grep -o 'refs: *[0-9,]*' | tr -dc '0-9')"
    if [ -z "$a" ] || [ -z "$b" ] || [ -z "$small" ]; then # the probe crashed (a stack overflow)
        echo "$1 $2 $3: no point, the probe crashed" >&2
        rm -f "$out"
        return
    fi
    python3 -c "print('$1 $2 $3', round(($b - $a) / ($(cut -d' ' -f1 "$out") - $small), 1))"
    rm -f "$out"
}
export -f point
curves="${*:-fanout churn afterchurn depth merge combine zip replay queued}"
if [ -n "${GUARD:-}" ]; then
    for curve in $curves; do
        size="$(sizes "$curve" | tr ' ' '\n' | tail -1)"
        echo "$curve OpenRx $size $(operations "$curve" "$size")"
    done | xargs -P 2 -L 1 bash -c 'point "$@"' _ | sort | awk '{ print $1 "@" $3, $2, $4 }'
    exit 0
fi
for curve in $curves; do
    for size in $(sizes "$curve"); do
        for implementation in floor OpenRx OpenCombine; do
            echo "$curve $implementation $size $(operations "$curve" "$size")"
        done
    done
done | xargs -P 2 -L 1 bash -c 'point "$@"' _ | sort -k1,1 -k2,2 -k3,3n >"$probe.scaling.txt"
cat "$probe.scaling.txt"
if [ $# -eq 0 ]; then
    cp "$probe.scaling.txt" scaling-latest.txt
    python3 scaling_chart.py scaling-latest.txt >scaling-chart.svg
    echo "wrote Benchmarks/scaling-latest.txt and Benchmarks/scaling-chart.svg" >&2
fi

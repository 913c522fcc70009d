#!/usr/bin/env bash
# The scaling curves: CPU instructions per operation (callgrind) as the size around it grows,
# for the floor, OpenRx and OpenCombine (Sources/ScalingProbe says what each curve's operation
# is). Each point runs the probe at two operation counts and divides the difference in
# instructions by the difference in operations, which cancels the setup at that size.
# Prints lines "<curve> <implementation> <size> <instructions per operation>".
# Usage: bash Benchmarks/scaling.sh [curve ...]   (about 15 minutes on 2 cores for all curves)
set -euo pipefail
cd "$(dirname "$0")"
flags=(-c release -Xswiftc -gnone -Xcc -g0)
swift build "${flags[@]}" --product ScalingProbe >/dev/null 2>&1 || swift build "${flags[@]}" --product ScalingProbe
probe="$(swift build "${flags[@]}" --show-bin-path)/ScalingProbe"
export probe

# Sizes per curve, and the operation counts: enough operations that the difference is not noise.
sizes() {
    case "$1" in
        fanout) echo 1 10 100 1000 10000 100000 ;;
        churn) echo 0 10 100 1000 10000 100000 ;;
        afterchurn) echo 0 100 1000 10000 100000 ;;
        depth) echo 1 10 100 1000 10000 ;;
        merge) echo 10 100 1000 10000 100000 ;;
        combine | zip) echo 2 10 100 1000 ;;
    esac
}
operations() { # curve size -> the smaller of the two operation counts
    case "$1" in
        fanout | depth) echo $(((50000 + $2 - 1) / $2)) ;;
        afterchurn) echo 500 ;;
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
    python3 -c "print('$1 $2 $3', round(($b - $a) / ($(cut -d' ' -f1 "$out") - $small), 1))"
    rm -f "$out"
}
export -f point
for curve in ${@:-fanout churn afterchurn depth merge combine zip}; do
    for size in $(sizes "$curve"); do
        for implementation in floor OpenRx OpenCombine; do
            echo "$curve $implementation $size $(operations "$curve" "$size")"
        done
    done
done | xargs -P 2 -L 1 bash -c 'point "$@"' _ | sort -k1,1 -k2,2 -k3,3n

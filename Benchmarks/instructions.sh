#!/usr/bin/env bash
# Counts CPU instructions per element (or per subscription) for every workload and
# implementation with valgrind's callgrind, which is deterministic where wall-clock time is not.
# Each implementation runs in its own process at two scales; the difference in instructions over
# the difference in size cancels start-up and one-time costs. Prints lines
# "<workload number> <implementation> <instructions per element>".
# Usage: bash Benchmarks/instructions.sh [small scale] [large scale]
# IMPLEMENTATIONS="OpenRx" limits the run to some implementations (default: floor, OpenRx,
# OpenCombine, AsyncSequence; "simplest" and "unlocked" are the second and third floors of the
# subject workloads), WORKLOADS="02 08" to some workloads.
set -euo pipefail
cd "$(dirname "$0")"
small="${1:-20000}"
large="${2:-40000}"
# Without debug information: valgrind 3.19 cannot read what the toolchain writes for
# swift-async-algorithms ("possibly corrupted debuginfo file"), nor what clang writes for the
# library's C target (OpenRxShims). Code generation is the same.
flags=(-c release -Xswiftc -gnone -Xcc -g0)
swift build "${flags[@]}" --product InstructionProbe >/dev/null 2>&1 || swift build "${flags[@]}" --product InstructionProbe
probe="$(swift build "${flags[@]}" --show-bin-path)/InstructionProbe"

# Instructions executed by one run; the run's size goes to the file named by $2.
count() {
    local output
    output="$(mktemp)"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$3" "$4" "$1" >"$output" 2>"$output.err"
    cut -d' ' -f1 "$output" >"$2"
    cut -d' ' -f2 "$output" >"$2.checksum"
    grep -o 'refs: *[0-9,]*' "$output.err" | tr -dc '0-9'
    rm -f "$output" "$output.err"
}

# Workload 10 is left out: it is dispatch-queue hand-offs between threads, which the
# single-threaded valgrind core serialises. Workloads 12 (01 from @MainActor code) and 16
# (observe {} of a @MainActor model) are the probe's only: they must run on the main thread;
# 17 (01 traced) is the probe's only too (it is not a timed benchmark row).
floor_checksum="$(mktemp)"
for workload in ${WORKLOADS:-01 02 03 04 05 06 07 08 09 12 13 16 17 18}; do
    : >"$floor_checksum"
    for implementation in ${IMPLEMENTATIONS:-floor OpenRx OpenCombine AsyncSequence}; do
        sizes="$(mktemp)"
        instructions_small="$(count "$small" "$sizes.small" "$workload" "$implementation")"
        if [ "$(cat "$sizes.small")" = "n/a" ]; then
            rm -f "$sizes"*
            continue
        fi
        # Every implementation must compute the floor's checksum (when the floor is measured too).
        if [ "$implementation" = floor ]; then
            cp "$sizes.small.checksum" "$floor_checksum"
        elif [ -s "$floor_checksum" ] && ! cmp -s "$sizes.small.checksum" "$floor_checksum"; then
            echo "error: workload $workload: $implementation computed $(cat "$sizes.small.checksum"), the floor $(cat "$floor_checksum")" >&2
            exit 1
        fi
        instructions_large="$(count "$large" "$sizes.large" "$workload" "$implementation")"
        python3 -c "print('$workload $implementation', round(($instructions_large - $instructions_small) / ($(cat "$sizes.large") - $(cat "$sizes.small")), 1))"
        rm -f "$sizes"*
    done
done

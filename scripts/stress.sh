#!/usr/bin/env bash
# The real-thread invariant suite (Tests/RealThreadInvariantTests), long, in the stress mode: the
# library built with -DOPENRX_STRESS yields or pauses at random where threads hand work over
# (Sources/RxSwift/Internal/Stress.swift), so that races a real machine shows once in a million
# runs show every few runs. Each run draws new pipelines (its own seed) and fails with the
# smallest pipeline that still fails, its seed and how to run it again.
#
#   bash scripts/stress.sh                    # one long run: 4 batches of 1,500 pipelines, 20 runs each
#   bash scripts/stress.sh --rounds 10        # ten long runs in a row, each with new pipelines
#   bash scripts/stress.sh --under-load --pipelines 200 --runs 10
#                                             # beside two busy processes per core (there every
#                                             # pause of the stress mode waits for a busy process's
#                                             # time slice: about 30 times slower, so smaller)
#   bash scripts/stress.sh --pipelines 400 --runs 10   # smaller (what .ci/run does)
#   bash scripts/stress.sh --seed 20261128    # the pipelines of a reported seed again
#
# Builds in .build-stress (its own folder: your .build is left alone). Not the README's test
# command: that one runs the same suite at its default size, without the stress mode.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=1
pipelines=1500
runs=20
seed="${OPENRX_INVARIANT_SEED:-$(date +%s)}"
under_load=0
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --pipelines) pipelines="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --under-load) under_load=1; shift ;;
        *) echo "usage: bash scripts/stress.sh [--rounds N] [--pipelines P] [--runs R] [--seed S] [--under-load]" >&2; exit 2 ;;
    esac
done

if [ "$under_load" = 1 ]; then
    busy=()
    for _ in $(seq $((2 * $(nproc)))); do
        # Bounded: each stops by itself after 2 hours, and all stop when this script ends.
        timeout 7200 sh -c 'while :; do :; done' &
        busy+=($!)
    done
    trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
    echo "stress: beside ${#busy[@]} busy processes" >&2
fi

stress=(-Xswiftc -DOPENRX_STRESS --scratch-path .build-stress)
swift build --build-tests "${stress[@]}"
for round in $(seq "$rounds"); do
    round_seed=$((seed + round - 1))
    echo "stress: round $round of $rounds, seed $round_seed, $pipelines pipelines per batch, $runs runs each" >&2
    started=$(date +%s)
    OPENRX_INVARIANT_SEED="$round_seed" OPENRX_INVARIANT_PIPELINES="$pipelines" OPENRX_INVARIANT_RUNS="$runs" \
        OPENRX_INVARIANT_WATCHDOG="${OPENRX_INVARIANT_WATCHDOG:-20}" OPENRX_TEST_TIME_LIMIT="${OPENRX_TEST_TIME_LIMIT:-3600}" \
        swift test --skip-build "${stress[@]}" --filter RealThreadInvariantTests 2>&1 |
        grep -v "^Test Case '.*' started" || {
        echo "stress: round $round failed (seed $round_seed); again: bash scripts/stress.sh --seed $round_seed --pipelines $pipelines --runs $runs" >&2
        exit 1
    }
    echo "stress: round $round passed in $(($(date +%s) - started)) s" >&2
done

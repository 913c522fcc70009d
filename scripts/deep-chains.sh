#!/usr/bin/env bash
# Deep chains never overflow the stack (issue 64): runs each case of Tests/DeepChains, a chain a
# user can make deep (a million maps, 100,000 concatenated sequences, 100,000 retries) on a
# 512 KiB stack, in a debug and in a release build, one process per case (an overflow cannot be
# caught). Fails on the first case that crashes or gets wrong elements. CI runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
for configuration in debug release; do
    swift build -c "$configuration" --product DeepChains >/dev/null 2>&1 || swift build -c "$configuration" --product DeepChains
    binary="$(swift build -c "$configuration" --show-bin-path)/DeepChains"
    for name in $("$binary"); do
        if ! "$binary" "$name"; then
            echo "error: $name failed in the $configuration build (exit status $?; 139 is a stack overflow)" >&2
            exit 1
        fi
    done | sed "s/^/$configuration: /"
done

#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the repository's .swift-format.
# `bash scripts/format.sh --check` changes nothing and fails when a file is not formatted (CI).
# Generated files and the README's samples opt out with `// swift-format-ignore-file`.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Package.swift RxGtk/Package.swift Examples Benchmarks/Sources Benchmarks/Package.swift)
if [ "${1:-}" = "--check" ]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    for path in "${paths[@]}"; do
        mkdir -p "$scratch/$(dirname "$path")"
        # Links (RxGtkTests/GreeterScreen.swift) as the files they name; no build folders (an
        # example's .build holds its dependencies' checkouts).
        tar -ch --exclude='.build*' --exclude='.swiftpm' "$path" | tar -x -C "$scratch"
    done
    cp .swift-format "$scratch/"
    (cd "$scratch" && swift format format --in-place --recursive --parallel "${paths[@]}")
    unformatted=0
    for path in "${paths[@]}"; do
        if ! diff -r -q -x '.build*' -x .swiftpm "$path" "$scratch/$path" >/dev/null; then
            diff -r -u -x '.build*' -x .swiftpm "$path" "$scratch/$path" | head -40 >&2 || true
            unformatted=1
        fi
    done
    if [ "$unformatted" -ne 0 ]; then
        echo "error: some Swift files are not formatted; run: bash scripts/format.sh" >&2
        exit 1
    fi
    echo "swift-format: every file is formatted"
else
    swift format format --in-place --recursive --parallel "${paths[@]}"
fi

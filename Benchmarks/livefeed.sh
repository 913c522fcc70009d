#!/usr/bin/env bash
# OpenRx on a server under load (Examples/LiveFeed, its own package: the benchmarks package gains
# no server dependency). Builds the example in release, starts its LiveFeed server as a process of
# its own, connects 10, 100 and 1,000 Server-Sent Events clients (AsyncHTTPClient, in a second
# process on the same machine: both share its cores), and prints a Markdown table: readings
# delivered per second, latency from a producer's send to a client's receipt (p50, p99), the
# server's resident memory per connected client, and the client pipelines the server still
# counts once every client went away. Writes it to livefeed-latest.txt. Wall-clock time on a
# shared machine: run it on an idle one. Arguments go to LiveFeedLoad (--clients 10,100,1000
# --seconds 10 --sensors 4 --interval-ms 100).
set -euo pipefail
cd "$(dirname "$0")/.."
package=Examples/LiveFeed
swift build -c release --package-path "$package" --product LiveFeed
swift build -c release --package-path "$package" --product LiveFeedLoad
"$package/.build/release/LiveFeedLoad" "$@" | tee Benchmarks/livefeed-latest.txt

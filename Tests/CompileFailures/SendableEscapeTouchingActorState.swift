// settings: -swift-version 6
// The way to run a closure written in main-actor code where its events arrive (off main) is to
// mark it `@Sendable` or to pass a nonisolated function: neither may touch main-actor state, so
// that escape cannot race.
// expected-error: main actor-isolated property 'count' can not be mutated from a Sendable closure
// expected-error: main actor-isolated property 'count' can not be referenced from a Sendable closure

import RxSwift

@MainActor
final class Screen {
    var count = 0

    func heavyWorkOffMain(_ source: Observable<Int>, on background: SerialDispatchQueueScheduler) -> Observable<Int> {
        source
            .observe(on: background)
            .map { @Sendable value in
                self.count += value
                return value
            }
            .filter { @Sendable value in value > self.count }
    }
}

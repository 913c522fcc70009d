import Foundation
import RxSwift
import RxTest

extension Diagrams {
    /// A second subscriber joins at 250: the second output line.
    static let sharing: [Diagram] = [
        Diagram(
            "share", "share(replay: 1)", symbols: ["ObservableType/share(replay:scope:)"], inputs: ["-1-2--3-4-|"],
            cold: true, second: 250
        ) { _, xs in xs[0].share(replay: 1) },
        Diagram(
            "publish", "publish().refCount()", symbols: ["ObservableType/publish()"], inputs: ["-1-2--3-4-|"],
            cold: true, second: 250
        ) { _, xs in xs[0].publish().refCount() },
        Diagram(
            "replay", "replay(2).refCount()", symbols: ["ObservableType/replay(_:)", "ObservableType/replayAll()"],
            inputs: ["-1-2--3-4-|"], cold: true, second: 250
        ) { _, xs in xs[0].replay(2).refCount() },
        Diagram(
            "multicast", "multicast(PublishSubject()).refCount()",
            symbols: [
                "ObservableType/multicast(_:)", "ObservableType/multicast(makeSubject:)",
                "ObservableType/multicast(_:selector:)",
            ],
            inputs: ["-1-2--3-4-|"], cold: true, second: 250
        ) { _, xs in xs[0].multicast(PublishSubject()).refCount() },
        Diagram(
            "unshared", "map { $0 } (not shared: each subscriber subscribes to xs)", symbols: [],
            inputs: ["-1-2--3-4-|"], cold: true, second: 250
        ) { _, xs in xs[0].map { $0 } },
    ]
}

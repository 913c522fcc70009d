import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let transforming: [Diagram] = [
        Diagram("map", "map { $0 * 10 }", symbols: ["ObservableType/map(_:)"], inputs: ["-1-2--3-|"]) {
            _, xs in
            xs[0].ints.map { $0 * 10 }.text
        },
        Diagram(
            "compactMap", "compactMap { Int($0) }", symbols: ["ObservableType/compactMap(_:)"],
            inputs: ["-1-a--3-|"]
        ) { _, xs in xs[0].compactMap { Int($0) }.text },
        Diagram(
            "flatMap", #"flatMap { x in cold("-x-x|") }"#,
            symbols: ["ObservableType/flatMap(_:)->Observable<Source.Element>"],
            inputs: ["-1--2-----|"]
        ) { s, xs in xs[0].flatMap { cold(s, "-x-x|", $0) } },
        // The example of flatMapLatest's doc comment, with its inner sequences drawn (the second
        // and third lines): the page's text and picture show the same thing.
        Diagram(
            "flatMapLatest", #"flatMapLatest { x in x == "1" ? line2 : line3 }"#,
            symbols: ["ObservableType/flatMapLatest(_:)->Observable<Source.Element>"],
            inputs: ["-1---2----|", "--a-b-c", "------x-y|"]
        ) { _, xs in xs[0].flatMapLatest { $0 == "1" ? xs[1] : xs[2] } },
        // The async overload: each call takes three characters of virtual time (a sleep on the
        // scheduler's clock); a newer element cancels the call still running.
        Diagram(
            "flatMapLatest-async", #"flatMapLatest { x in try await uppercased(x) }  (3 characters each)"#,
            symbols: ["ObservableType/flatMapLatest(_:isolation:)"],
            inputs: ["-a-b-----c---|"], settles: true
        ) { s, xs in
            // A second of the clock is a tenth of a character at every scale the diagram runs at.
            let clock = s.asyncClock
            return xs[0].flatMapLatest { x in
                try await clock.sleep(for: .seconds(30))
                return x.uppercased()
            }
        },
        Diagram(
            "flatMapFirst", #"flatMapFirst { x in cold("-x-x|") }"#,
            symbols: ["ObservableType/flatMapFirst(_:)->Observable<Source.Element>"],
            inputs: ["-1--2--3---|"]
        ) { s, xs in xs[0].flatMapFirst { cold(s, "-x-x|", $0) } },
        Diagram(
            "concatMap", #"concatMap { x in cold("-x-x|") }"#,
            symbols: ["ObservableType/concatMap(_:)->Observable<Source.Element>"],
            inputs: ["-1-2-------|"]
        ) { s, xs in xs[0].concatMap { cold(s, "-x-x|", $0) } },
        Diagram(
            "switchLatest", #"map { x in cold("-x-x|") }.switchLatest()"#, symbols: ["ObservableType/switchLatest()"],
            inputs: ["-1-2------|"]
        ) { s, xs in xs[0].map { cold(s, "-x-x|", $0) }.switchLatest() },
        Diagram(
            "scan", "scan(0) { $0 + $1 }",
            symbols: [
                "ObservableType/scan(_:accumulator:)", "ObservableType/scan(into:accumulator:)",
            ],
            inputs: ["-1-2--3-|"]
        ) { _, xs in xs[0].ints.scan(0) { $0 + $1 }.text },
        Diagram(
            "reduce", "reduce(0) { $0 + $1 }",
            symbols: [
                "ObservableType/reduce(_:accumulator:)",
                "ObservableType/reduce(_:accumulator:mapResult:)",
                "ObservableType/reduce(into:accumulator:)",
            ],
            inputs: ["-1-2--3-|"]
        ) { _, xs in xs[0].ints.reduce(0) { $0 + $1 }.text },
        Diagram("toArray", "toArray()", symbols: ["ObservableType/toArray()"], inputs: ["-1-2--3-|"]) { _, xs in
            xs[0].toArray().asObservable().map { "[" + $0.joined(separator: ",") + "]" }
        },
        Diagram(
            "buffer", "buffer(timeSpan: .seconds(40), count: 2, scheduler: s)",
            symbols: ["ObservableType/buffer(timeSpan:count:scheduler:)"], inputs: ["-1-23----4--|"]
        ) { s, xs in
            xs[0].buffer(timeSpan: .seconds(40), count: 2, scheduler: s).map { "[" + $0.joined(separator: ",") + "]" }
        },
        Diagram(
            "window", "window(timeSpan: .seconds(40), count: 2, scheduler: s).flatMap { $0.toArray() }",
            symbols: ["ObservableType/window(timeSpan:count:scheduler:)"], inputs: ["-1-23----4--|"]
        ) { s, xs in
            xs[0].window(timeSpan: .seconds(40), count: 2, scheduler: s)
                .flatMap { $0.toArray().asObservable() }.map { "[" + $0.joined(separator: ",") + "]" }
        },
        Diagram(
            "groupBy", "groupBy { $0 % 2 }.flatMap { $0.toArray() }",
            symbols: ["ObservableType/groupBy(keySelector:)"],
            inputs: ["-1-2-3-4-|"]
        ) { _, xs in
            xs[0].ints.groupBy { $0 % 2 }.flatMap { $0.toArray().asObservable() }
                .map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        },
        Diagram("enumerated", "enumerated()", symbols: ["ObservableType/enumerated()"], inputs: ["-a-b--c-|"]) {
            _, xs in xs[0].enumerated().map { "\($0.index):\($0.element)" }
        },
        Diagram("materialize", "materialize()", symbols: ["ObservableType/materialize()"], inputs: ["-1-2-#"]) {
            _, xs in
            xs[0].materialize().map { event in
                switch event {
                case .next(let value): "next(\(value))"
                case .error: "error"
                case .completed: "completed"
                }
            }
        },
        Diagram(
            "dematerialize", "materialize().dematerialize()", symbols: ["ObservableType/dematerialize()"],
            inputs: ["-1-2-#"]
        ) { _, xs in xs[0].materialize().dematerialize() },
        Diagram(
            "decode", "map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder())",
            symbols: ["ObservableType/decode(type:decoder:)"], inputs: ["-1-2-x-|"]
        ) { _, xs in xs[0].map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder()).text },
        Diagram(
            "withUnretained", "withUnretained(owner) { _, x in x }",
            symbols: [
                "ObservableType/withUnretained(_:)", "ObservableType/withUnretained(_:resultSelector:)",
            ],
            inputs: ["-1-2--3-|"]
        ) { _, xs in xs[0].withUnretained(Owner.shared) { _, x in x } },
    ]

    /// The object `withUnretained` holds weakly.
    final class Owner: Sendable {
        static let shared = Owner()
    }
}

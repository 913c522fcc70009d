import Foundation
import RxSwift
import RxTest

extension Diagrams {
    /// The arity forms of `combineLatest` and `zip` show the two-source diagram.
    private static func arities(_ name: String) -> [String] {
        (1...8).flatMap { count -> [String] in
            let labels = String(repeating: "_:", count: count)
            return count == 1
                ? ["ObservableType/\(name)(_:)", "ObservableType/\(name)(_:resultSelector:)"]
                : ["ObservableType/\(name)(\(labels))", "ObservableType/\(name)(\(labels)resultSelector:)"]
        }
    }

    static let combining: [Diagram] = [
        Diagram(
            "combineLatest", "combineLatest(xs, ys) { $0 + $1 }", symbols: arities("combineLatest"),
            inputs: ["-1---2----3-|", "---a---b-c---|"]
        ) { _, xs in Observable.combineLatest(xs[0], xs[1]) { $0 + $1 } },
        Diagram(
            "zip", "zip(xs, ys) { $0 + $1 }", symbols: arities("zip"), inputs: ["-1---2----3-|", "---a---b-c---|"]
        ) { _, xs in Observable.zip(xs[0], xs[1]) { $0 + $1 } },
        Diagram(
            "withLatestFrom", "xs.withLatestFrom(ys) { $0 + $1 }",
            symbols: [
                "ObservableType/withLatestFrom(_:)", "ObservableType/withLatestFrom(_:resultSelector:)",
            ],
            inputs: ["-1---2----3-|", "---a---b-c---|"]
        ) { _, xs in xs[0].withLatestFrom(xs[1]) { $0 + $1 } },
        Diagram(
            "merge", "merge(xs, ys)",
            symbols: [
                "ObservableType/merge(_:)-32pzy", "ObservableType/merge(_:)-3udd4", "ObservableType/merge(_:)-72c01",
                "ObservableType/merge()", "ObservableType/merge(maxConcurrent:)",
            ],
            inputs: ["-1---2----3-|", "---a---b-c-|"]
        ) { _, xs in Observable.merge(xs[0], xs[1]) },
        Diagram(
            "concat", "concat([xs, ys])",
            symbols: [
                "ObservableType/concat()", "ObservableType/concat(_:)-2rklt", "ObservableType/concat(_:)-5q66h",
                "ObservableType/concat(_:)-75xwl", "ObservableType/concat(_:)-swift.method",
            ],
            inputs: ["-1-2-|", "-a-b-|"], cold: true
        ) { _, xs in Observable.concat([xs[0], xs[1]]) },
        Diagram(
            "amb", "amb([xs, ys])",
            symbols: ["ObservableType/amb(_:)-swift.method", "ObservableType/amb(_:)-swift.type.method"],
            inputs: ["---1---2-|", "-a---b-c---|"]
        ) { _, xs in Observable.amb([xs[0], xs[1]]) },
        Diagram("startWith", #"startWith("0")"#, symbols: ["ObservableType/startWith(_:)"], inputs: ["--1-2-3-|"]) {
            _, xs in xs[0].startWith("0")
        },
    ]
}

import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let filtering: [Diagram] = [
        Diagram("filter", "filter { $0 > 1 }", symbols: ["ObservableType/filter(_:)"], inputs: ["-1-2-3-1-|"]) {
            _, xs in xs[0].ints.filter { $0 > 1 }.text
        },
        Diagram(
            "distinctUntilChanged", "distinctUntilChanged()",
            symbols: [
                "ObservableType/distinctUntilChanged()",
                "ObservableType/distinctUntilChanged(_:)-570mi",
                "ObservableType/distinctUntilChanged(_:)-60eo1",
                "ObservableType/distinctUntilChanged(_:comparer:)",
                "ObservableType/distinctUntilChanged(at:)",
            ],
            inputs: ["-1-1-2-2-1-|"]
        ) { _, xs in xs[0].distinctUntilChanged() },
        Diagram("skip", "skip(2)", symbols: ["ObservableType/skip(_:)"], inputs: ["-1-2-3-4-|"]) { _, xs in
            xs[0].skip(2)
        },
        Diagram(
            "skip-for", "skip(for: .seconds(35), scheduler: s)", symbols: ["ObservableType/skip(for:scheduler:)"],
            inputs: ["-1-2-3-4-|"]
        ) { s, xs in xs[0].skip(for: .seconds(35), scheduler: s) },
        Diagram(
            "skip-while", "skip(while: { $0 < 3 })", symbols: ["ObservableType/skip(while:)"],
            inputs: ["-1-3-2-4-|"]
        ) { _, xs in xs[0].ints.skip(while: { $0 < 3 }).text },
        Diagram(
            "skip-until", "skip(until: ys)", symbols: ["ObservableType/skip(until:)"], inputs: ["-1-2-3-4-|", "----x"]
        ) { _, xs in xs[0].skip(until: xs[1]) },
        Diagram("take", "take(2)", symbols: ["ObservableType/take(_:)"], inputs: ["-1-2-3-4-|"]) { _, xs in
            xs[0].take(2)
        },
        Diagram(
            "take-for", "take(for: .seconds(45), scheduler: s)", symbols: ["ObservableType/take(for:scheduler:)"],
            inputs: ["-1-2-3-4-|"]
        ) { s, xs in xs[0].take(for: .seconds(45), scheduler: s) },
        Diagram(
            "take-while", "take(while: { $0 < 3 })", symbols: ["ObservableType/take(while:behavior:)"],
            inputs: ["-1-2-3-1-|"]
        ) { _, xs in xs[0].ints.take(while: { $0 < 3 }).text },
        Diagram(
            "take-until", "take(until: ys)",
            symbols: ["ObservableType/take(until:)", "ObservableType/take(until:behavior:)"],
            inputs: ["-1-2-3-4-|", "------x"]
        ) { _, xs in xs[0].take(until: xs[1]) },
        Diagram("takeLast", "takeLast(2)", symbols: ["ObservableType/takeLast(_:)"], inputs: ["-1-2-3-4-|"]) { _, xs in
            xs[0].takeLast(2)
        },
        Diagram("element-at", "element(at: 2)", symbols: ["ObservableType/element(at:)"], inputs: ["-a-b-c-d-|"]) {
            _, xs in xs[0].element(at: 2)
        },
        Diagram("first", "first()", symbols: ["ObservableType/first()"], inputs: ["--a-b-c-|"]) { _, xs in
            xs[0].first().asObservable().map { $0 ?? "nil" }
        },
        Diagram(
            "single", "single()", symbols: ["ObservableType/single()", "ObservableType/single(_:)"],
            inputs: ["--a---|"]
        ) { _, xs in xs[0].single() },
        Diagram(
            "ignoreElements", "ignoreElements()", symbols: ["ObservableType/ignoreElements()"], inputs: ["-1-2-3-|"]
        ) { _, xs in xs[0].ignoreElements().asCompletable().andThen(Observable<String>.empty()) },
        Diagram(
            "ifEmpty-default", #"ifEmpty(default: "0")"#, symbols: ["ObservableType/ifEmpty(default:)"],
            inputs: ["-----|"]
        ) { _, xs in xs[0].ifEmpty(default: "0") },
        Diagram(
            "ifEmpty-switchTo", "ifEmpty(switchTo: ys)", symbols: ["ObservableType/ifEmpty(switchTo:)"],
            inputs: ["----|", "-1-2-3-4-|"]
        ) { _, xs in xs[0].ifEmpty(switchTo: xs[1]) },
    ]
}

import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let creating: [Diagram] = [
        Diagram("just", #"just("7")"#, symbols: ["ObservableType/just(_:)"]) { _, _ in .just("7") },
        Diagram("just-scheduler", #"just("7", scheduler: s)"#, symbols: ["ObservableType/just(_:scheduler:)"]) {
            s, _ in .just("7", scheduler: s)
        },
        Diagram("of", #"of("1", "2", "3", scheduler: s)"#, symbols: ["ObservableType/of(_:scheduler:)"]) { s, _ in
            .of("1", "2", "3", scheduler: s)
        },
        Diagram(
            "from", #"from(["1", "2", "3"], scheduler: s)"#,
            symbols: ["ObservableType/from(_:scheduler:)-859vv", "ObservableType/from(_:scheduler:)-96ylt"]
        ) { s, _ in .from(["1", "2", "3"], scheduler: s) },
        Diagram(
            "from-optional", #"from(optional: "7")"#,
            symbols: ["ObservableType/from(optional:)", "ObservableType/from(optional:scheduler:)"]
        ) { _, _ in .from(optional: "7") },
        Diagram("empty", "empty()", symbols: ["ObservableType/empty()"]) { _, _ in .empty() },
        Diagram("never", "never()", symbols: ["ObservableType/never()"], disposed: 300) { _, _ in .never() },
        Diagram("error", "error(e)", symbols: ["ObservableType/error(_:)"]) { _, _ in
            .error(DiagramError())
        },
        Diagram(
            "range", "range(start: 1, count: 4, scheduler: s)",
            symbols: ["ObservableType/range(start:count:scheduler:)"]
        ) { s, _ in Observable.range(start: 1, count: 4, scheduler: s).text },
        Diagram(
            "generate", "generate(initialState: 1, condition: { $0 < 10 }, scheduler: s) { $0 * 2 }",
            symbols: ["ObservableType/generate(initialState:condition:scheduler:iterate:)"]
        ) { s, _ in Observable.generate(initialState: 1, condition: { $0 < 10 }, scheduler: s) { $0 * 2 }.text },
        Diagram(
            "repeatElement", #"repeatElement("7", scheduler: s)"#,
            symbols: ["ObservableType/repeatElement(_:scheduler:)"],
            disposed: 205
        ) { s, _ in .repeatElement("7", scheduler: s) },
        Diagram(
            "create", #"create { o in o.onNext("1"); o.onNext("2"); o.onCompleted() … }"#,
            symbols: ["ObservableType/create(_:)"]
        ) { _, _ in
            Observable.create { observer in
                observer.onNext("1")
                observer.onNext("2")
                observer.onCompleted()
                return Disposables.create()
            }
        },
        Diagram("deferred", "deferred { xs }", symbols: ["ObservableType/deferred(_:)"], inputs: ["-1--2-|"]) {
            _, xs in Observable.deferred { xs[0] }
        },
        Diagram(
            "using", "using({ resource }) { _ in xs }",
            symbols: ["ObservableType/using(_:observableFactory:)"],
            inputs: ["-1--2-|"]
        ) { _, xs in Observable.using({ SingleAssignmentDisposable() }, observableFactory: { _ in xs[0] }) },
        Diagram(
            "timer", "timer(.seconds(30), scheduler: s)", symbols: ["ObservableType/timer(_:period:scheduler:)"]
        ) { s, _ in Observable<Int>.timer(.seconds(30), scheduler: s).text },
        Diagram(
            "interval", "interval(.seconds(20), scheduler: s)", symbols: ["ObservableType/interval(_:scheduler:)"],
            disposed: 290
        ) { s, _ in Observable<Int>.interval(.seconds(20), scheduler: s).text },
    ]
}

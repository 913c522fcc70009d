import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let utility: [Diagram] = [
        Diagram(
            "do", "do(onNext: { print($0) })",
            symbols: [
                "ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)"
            ],
            inputs: ["-1-2--3-|"]
        ) { _, xs in xs[0].do(onNext: { _ in }) },
        Diagram(
            "debug", #"debug("xs")"#, symbols: ["ObservableType/debug(_:trimOutput:file:line:function:)"],
            inputs: ["-1-2--3-|"]
        ) { _, xs in xs[0].debug("xs") },
    ]
}

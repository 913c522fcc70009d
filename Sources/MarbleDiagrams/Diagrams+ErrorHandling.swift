import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let errorHandling: [Diagram] = [
        Diagram(
            "catch", "catch { _ in ys }", symbols: ["ObservableType/catch(_:)"],
            inputs: ["-1-2-#", "--a-b-c-d-e|"]
        ) { _, xs in xs[0].catch { _ in xs[1] } },
        Diagram(
            "catchAndReturn", #"catchAndReturn("0")"#, symbols: ["ObservableType/catchAndReturn(_:)"],
            inputs: ["-1-2-#"]
        ) { _, xs in xs[0].catchAndReturn("0") },
        Diagram(
            "catch-sequence", "catch(sequence: [xs, ys])", symbols: ["ObservableType/catch(sequence:)"],
            inputs: ["-1-2-#", "-a-|"], cold: true
        ) { _, xs in Observable.catch(sequence: [xs[0], xs[1]]) },
        Diagram(
            "retry", "retry(3)", symbols: ["ObservableType/retry(_:)", "ObservableType/retry()"], inputs: ["-1-2#"],
            cold: true
        ) { _, xs in xs[0].retry(3) },
        Diagram(
            "retry-when", "retry(when: { errors in errors.take(2) })",
            symbols: ["ObservableType/retry(when:)-25i3r", "ObservableType/retry(when:)-4betv"],
            inputs: ["-1-#"],
            cold: true
        ) { _, xs in xs[0].retry(when: { (errors: Observable<Error>) in errors.take(2) }) },
        Diagram(
            "timeout", "timeout(.seconds(30), scheduler: s)", symbols: ["ObservableType/timeout(_:scheduler:)"],
            inputs: ["-1-2------3-|"]
        ) { s, xs in xs[0].timeout(.seconds(30), scheduler: s) },
        Diagram(
            "timeout-other", "timeout(.seconds(30), other: ys, scheduler: s)",
            symbols: ["ObservableType/timeout(_:other:scheduler:)"], inputs: ["-1-2------3-|", "-a-b-|"], cold: true
        ) { s, xs in xs[0].timeout(.seconds(30), other: xs[1], scheduler: s) },
    ]
}

import Foundation
import RxSwift
import RxTest

extension Diagrams {
    static let time: [Diagram] = [
        Diagram(
            "debounce", "debounce(.seconds(20), scheduler: s)", symbols: ["ObservableType/debounce(_:scheduler:)"],
            inputs: ["-1--23---4--5--|"]
        ) { s, xs in xs[0].debounce(.seconds(20), scheduler: s) },
        Diagram(
            "throttle", "throttle(.seconds(25), scheduler: s)",
            symbols: ["ObservableType/throttle(_:latest:scheduler:)"],
            inputs: ["-1-23---4-5---|"]
        ) { s, xs in xs[0].throttle(.seconds(25), scheduler: s) },
        Diagram(
            "throttle-first", "throttle(.seconds(25), latest: false, scheduler: s)", symbols: [],
            inputs: ["-1-23---4-5---|"]
        ) { s, xs in xs[0].throttle(.seconds(25), latest: false, scheduler: s) },
        Diagram(
            "sample", "sample(ticks)", symbols: ["ObservableType/sample(_:defaultValue:)"],
            inputs: ["-1-23---4-----|", "--x---x---x--|"]
        ) { _, xs in xs[0].sample(xs[1]) },
        Diagram(
            "delay", "delay(.seconds(20), scheduler: s)", symbols: ["ObservableType/delay(_:scheduler:)"],
            inputs: ["-1-2--3-|"]
        ) { s, xs in xs[0].delay(.seconds(20), scheduler: s) },
        Diagram(
            "delaySubscription", "delaySubscription(.seconds(30), scheduler: s)",
            symbols: ["ObservableType/delaySubscription(_:scheduler:)"], inputs: ["-1-2--3-|"], cold: true
        ) { s, xs in xs[0].delaySubscription(.seconds(30), scheduler: s) },
        Diagram(
            "observe-on", "observe(on: s)", symbols: ["ObservableType/observe(on:)-(ImmediateSchedulerType)"],
            inputs: ["-1-2--3-|"]
        ) { s, xs in xs[0].observe(on: s) },
        Diagram(
            "subscribe-on", "subscribe(on: s)", symbols: ["ObservableType/subscribe(on:)-(ImmediateSchedulerType)"],
            inputs: ["-1-2--3-|"],
            cold: true
        ) { s, xs in xs[0].subscribe(on: s) },
    ]
}

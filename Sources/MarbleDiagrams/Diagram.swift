import Foundation
import RxSwift
import RxTest

/// One operator's diagram: hot input timelines written as marbles, the operator applied to them,
/// and the symbols whose documentation shows the picture.
///
/// The output timeline is not written down anywhere: it is what the operator emits when the
/// inputs are replayed on a `TestScheduler`, subscribed at 200.
struct Diagram: Sendable {
    /// The image's name: `marble-<name>.svg`.
    let name: String
    /// The text of the operator's box.
    let label: String
    /// The documentation pages (symbol paths in the module) that show the diagram.
    let symbols: [String]
    /// The input timelines, 10 ticks per character, from the subscription at 200.
    let inputs: [String]
    /// Whether the inputs are cold (each subscription replays them from its own time zero) or
    /// hot (one timeline, whoever listens).
    let cold: Bool
    /// When a second subscriber subscribes to the same sequence (drawn as a second output).
    let second: TestTime?
    /// When the subscription is disposed of (for sequences that do not end by themselves).
    let disposed: TestTime
    let apply: @Sendable (TestScheduler, [Observable<String>]) -> Observable<String>

    init(
        _ name: String, _ label: String, symbols: [String], inputs: [String] = [], cold: Bool = false,
        second: TestTime? = nil, disposed: TestTime = 1000,
        apply: @escaping @Sendable (TestScheduler, [Observable<String>]) -> Observable<String>
    ) {
        self.name = name
        self.label = label
        self.symbols = symbols
        self.inputs = inputs
        self.cold = cold
        self.second = second
        self.disposed = disposed
        self.apply = apply
    }

    /// Runs the operator on virtual time and draws what it did.
    func render() throws -> String {
        let scheduler = TestScheduler(initialClock: 0)
        let recordedInputs = try inputs.map { try Recorded<Event<String>>.events($0) }
        let zero = TestScheduler.Defaults.subscribed
        let sources = recordedInputs.map { events in
            cold
                ? scheduler.createColdObservable(events.map { Recorded(time: $0.time - zero, value: $0.value) })
                    .asObservable()
                : scheduler.createHotObservable(events).asObservable()
        }
        let sequence = apply(scheduler, sources)
        let later = scheduler.createObserver(String.self)
        if let second {
            var subscription: Disposable?
            scheduler.scheduleAt(second) { subscription = sequence.subscribe(later) }
            scheduler.scheduleAt(disposed) { subscription?.dispose() }
        }
        let outputs = [scheduler.start(disposed: disposed) { sequence }.events] + (second == nil ? [] : [later.events])
        let lastInput = inputs.map { zero + TestTime($0.count) * 10 }.max() ?? 0
        let lastEvent = (recordedInputs.flatMap { $0 } + outputs.flatMap { $0 }).map(\.time).max() ?? 0
        let ends = outputs.allSatisfy { $0.last?.value.isStopEvent ?? false }
        let end = max(lastInput, lastEvent + 20, ends ? 0 : min(disposed, lastEvent + 40), zero + 100)
        return MarbleSVG(
            title: "Marble diagram of \(label)", label: label, inputs: recordedInputs, cold: cold, outputs: outputs,
            subscribed: [zero] + (second.map { [$0] } ?? []), end: end
        ).svg
    }

    /// The documentation extension that adds the picture to the page of `symbol` in `module`.
    func extensionFile(for symbol: String, in module: String) -> String {
        let source =
            symbol.hasPrefix("ObservableType/") ? "the operator" : "the Observable operator that this one applies"
        let delivery =
            module == "RxCocoa"
            ? " A Driver or Signal delivers each event on its scheduler: one tick later on a `TestScheduler`." : ""
        return """
            # ``\(module)/\(symbol)``

            ## Marble diagram

            ![Marble diagram of \(label): the input timelines, the operator, and the output it produced \
            on virtual time.](marble-\(name).svg)

            Drawn from what \(source) emitted when run on `TestScheduler` over these inputs\
            \(cold ? " (dashed: cold sequences, each subscription sees them from its own start)" : "")\
            \(second.map { "; the second output is a subscriber that joins at \($0)" } ?? ""). Time runs \
            left to right from the subscription at 200.\(delivery)

            """
    }
}

extension Observable<String> {
    /// The elements as integers (the diagrams' digits).
    var ints: Observable<Int> { map { Int($0)! } }
}

extension ObservableType {
    /// The elements as the labels drawn in the diagram.
    var text: Observable<String> { map { "\($0)" } }
}

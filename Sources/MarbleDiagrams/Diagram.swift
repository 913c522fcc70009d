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
    /// Whether an input may tie with a timer (the tie is the point of the diagram).
    let ties: Bool
    /// Whether the operator runs `async` closures in tasks: the diagram then runs with
    /// `startSettling`, which lets each virtual instant's tasks deliver or sleep on the
    /// scheduler's clock before time moves on.
    let settles: Bool
    let apply: @Sendable (TestScheduler, [Observable<String>]) -> Observable<String>

    init(
        _ name: String, _ label: String, symbols: [String], inputs: [String] = [], cold: Bool = false,
        second: TestTime? = nil, disposed: TestTime = 1000, ties: Bool = false, settles: Bool = false,
        apply: @escaping @Sendable (TestScheduler, [Observable<String>]) -> Observable<String>
    ) {
        self.name = name
        self.label = label
        self.symbols = symbols
        self.inputs = inputs
        self.cold = cold
        self.second = second
        self.disposed = disposed
        self.ties = ties
        self.settles = settles
        self.apply = apply
    }

    /// Runs the operator on virtual time and draws what it did. Fails when an input ties with a
    /// timer or with another input (unless `ties`): run on a clock a thousand times finer, then
    /// again with the n-th input instant moved n of its units earlier, then later, the output must
    /// be the same elements at the same times, give or take less than a character.
    @MainActor
    func render() async throws -> String {
        let recordedInputs = try inputs.map { try Recorded<Event<String>>.events($0) }
        let outputs = await run(recordedInputs)
        if !ties {
            let drawn = await run(recordedInputs, scale: 1000).map { $0.map(Self.described) }
            for jitter in [-1, 1] {
                let moved = await run(recordedInputs, scale: 1000, jitter: jitter).map { $0.map(Self.described) }
                let same =
                    moved.count == drawn.count
                    && zip(moved, drawn).allSatisfy { moved, drawn in
                        moved.count == drawn.count
                            && zip(moved, drawn).allSatisfy { $0.text == $1.text && abs($0.time - $1.time) < 10 }
                    }
                guard same else {
                    throw TieError(
                        description:
                            "an input ties with a timer or another input: moved a little \(jitter < 0 ? "earlier" : "later"), the inputs make it emit \(moved) instead of \(drawn)"
                    )
                }
            }
        }
        let zero = TestScheduler.Defaults.subscribed
        let lastInput = inputs.map { zero + TestTime($0.count) * 10 }.max() ?? 0
        let lastEvent = (recordedInputs.flatMap { $0 } + outputs.flatMap { $0 }).map(\.time).max() ?? 0
        let ends = outputs.allSatisfy { $0.last?.value.isStopEvent ?? false }
        let end = max(lastInput, lastEvent + 20, ends ? 0 : min(disposed, lastEvent + 40), zero + 100)
        return MarbleSVG(
            title: "Marble diagram of \(label)", label: label, inputs: recordedInputs, cold: cold, outputs: outputs,
            subscribed: [zero] + (second.map { [$0] } ?? []), end: end
        ).svg
    }

    struct TieError: Error, CustomStringConvertible {
        let description: String
    }

    private static func described(_ event: Recorded<Event<String>>) -> (time: TestTime, text: String) {
        switch event.value {
        case .next(let element): (event.time, element)
        case .error: (event.time, "#")
        case .completed: (event.time, "|")
        }
    }

    /// What the operator emits over `recordedInputs` (the first subscriber's events, then the
    /// second's), on a clock `scale` times finer, with the n-th input instant after the
    /// subscription moved by `n * jitter` of its units; times are given back on the usual clock.
    @MainActor
    private func run(
        _ recordedInputs: [[Recorded<Event<String>>]], scale: TestTime = 1, jitter: TestTime = 0
    ) async -> [[Recorded<Event<String>>]] {
        let scheduler = TestScheduler(initialClock: 0, resolution: 1 / Double(scale))
        let zero = TestScheduler.Defaults.subscribed
        var moves = 0
        let moved = recordedInputs.map { events in
            events.enumerated().map { index, event in
                guard event.time > zero else { return Recorded(time: event.time * scale, value: event.value) }
                if index == 0 || events[index - 1].time != event.time { moves += 1 } // a group moves as one
                precondition(moves * abs(jitter) * 2 < scale, "\(name): too many input events to move")
                return Recorded(time: event.time * scale + moves * jitter, value: event.value)
            }
        }
        let sources = moved.map { events in
            cold
                ? scheduler.createColdObservable(events.map { Recorded(time: $0.time - zero * scale, value: $0.value) })
                    .asObservable()
                : scheduler.createHotObservable(events).asObservable()
        }
        return await Diagrams.$frame.withValue(10 * scale) { await play(scheduler, sources, scale: scale) }
    }

    @MainActor
    private func play(
        _ scheduler: TestScheduler, _ sources: [Observable<String>], scale: TestTime
    ) async -> [[Recorded<Event<String>>]] {
        let zero = TestScheduler.Defaults.subscribed
        let sequence = apply(scheduler, sources)
        let later = scheduler.createObserver(String.self)
        if let second {
            var subscription: Disposable?
            scheduler.scheduleAt(second * scale) { subscription = sequence.subscribe(later) }
            scheduler.scheduleAt(disposed * scale) { subscription?.dispose() }
        }
        let created = TestScheduler.Defaults.created * scale
        let first =
            settles
            ? await scheduler.startSettling(created: created, subscribed: zero * scale, disposed: disposed * scale) {
                sequence
            }
            : scheduler.start(created: created, subscribed: zero * scale, disposed: disposed * scale) { sequence }
        let outputs = [first.events] + (second == nil ? [] : [later.events])
        return outputs.map { events in
            events.map { Recorded(time: Int((Double($0.time) / Double(scale)).rounded()), value: $0.value) }
        }
    }

    /// The documentation extension that adds the picture to the page of `symbol` in `module`.
    func extensionFile(for symbol: String, in module: String) -> String {
        let source =
            symbol.hasPrefix("ObservableType/") || symbol.hasPrefix("RxSwift/ObservableConvertibleType/")
            ? "the operator" : "the Observable operator that this one applies"
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

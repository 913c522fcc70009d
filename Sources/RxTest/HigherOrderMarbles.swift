import Foundation
import RxSwift

// Higher-order sequences in virtual-time tests (RxJS's `expectObservable` of an observable of
// observables): each inner sequence the sequence under test emits is subscribed when it is
// emitted and recorded with times counted from then, so it compares like a cold diagram.

/// The events of one inner sequence, timed from when it was emitted.
private final class InnerRecording<Element> {
    var events: [Recorded<Event<Element>>] = []
}

extension TestScheduler {
    /// `start` for a sequence of sequences: each inner sequence is subscribed when it is emitted
    /// and its events are recorded with times counted from that moment (0 is the emission), so
    /// an element of the result compares with `Recorded.events("-x|", values: …, subscribed: 0)`,
    /// or with a diagram through `XCTAssertEqual(_:marbles:inner:values:)`. The inner
    /// subscriptions are disposed with the outer one, at `disposed`.
    ///
    /// ```swift
    /// let res = scheduler.startRecordingInner { xs.window(timeSpan: .seconds(20), count: 2, scheduler: scheduler) }
    /// XCTAssertEqual(res, marbles: "a-b-|", inner: ["a": "-x-(y|)", "b": "--|"], values: ["x": 1, "y": 2])
    /// ```
    ///
    /// - Parameters:
    ///   - created: When the sequence is created (100 by default).
    ///   - subscribed: When it is subscribed (200 by default).
    ///   - disposed: When the subscriptions are disposed (1000 by default).
    ///   - create: Makes the sequence under test.
    /// - Returns: The outer events, each element the events of one inner sequence.
    public func startRecordingInner<Output: ObservableConvertibleType>(
        created: TestTime = Defaults.created, subscribed: TestTime = Defaults.subscribed,
        disposed: TestTime = Defaults.disposed, create: @escaping () -> Output
    ) -> [Recorded<Event<[Recorded<Event<Output.Element.Element>>]>>] where Output.Element: ObservableConvertibleType {
        typealias Inner = Output.Element.Element
        let innerSubscriptions = CompositeDisposable()
        scheduleAt(disposed) { innerSubscriptions.dispose() }
        let observer = start(created: created, subscribed: subscribed, disposed: disposed) {
            () -> Observable<InnerRecording<Inner>> in
            create().asObservable().map { [unowned self] inner in
                let recording = InnerRecording<Inner>()
                let emitted = clock
                _ = innerSubscriptions.insert(
                    inner.asObservable().subscribe { [unowned self] event in
                        recording.events.append(Recorded(time: clock - emitted, value: event))
                    })
                return recording
            }
        }
        return observer.events.map { recorded in
            Recorded(time: recorded.time, value: recorded.value.map { $0.events })
        }
    }
}

/// The element values of a higher-order diagram: each symbol's inner diagram as events timed
/// from its emission.
func innerValues<Element>(
    _ inner: [Character: String], values: [Character: Element], errors: [Character: Swift.Error], frame: TestTime,
    resolution: Double
) throws -> [Character: [Recorded<Event<Element>>]] {
    try inner.mapValues { diagram in
        try MarbleTimeline.coldEvents(diagram, values: values, errors: errors, frame: frame, resolution: resolution)
    }
}

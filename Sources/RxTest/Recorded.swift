import RxSwift

/// A value recorded at a virtual time.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When the value was recorded.
    public let time: TestTime
    /// The value.
    public let value: Value

    /// Records `value` at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the value.
    ///   - value: The value recorded.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `value @ time`.
    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded {
    /// A `next` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the element.
    ///   - element: The element.
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the completion.
    ///   - type: The type of the elements.
    public static func completed<Element>(
        _ time: TestTime, _ type: Element.Type = Element.self
    ) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// An `error` event at `time`.
    ///
    /// - Parameters:
    ///   - time: The virtual time of the error.
    ///   - error: The error the sequence fails with.
    ///   - type: The type of the elements.
    public static func error<Element>(
        _ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self
    ) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }

    /// The given recorded events, as an array (for variadic call sites).
    ///
    /// - Parameter recordedEvents: The recorded events.
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }

    /// The given recorded events.
    ///
    /// - Parameter recordedEvents: The recorded events.
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }
}

extension Event: Equatable where Element: Equatable {
    /// Events are equal when they are the same kind with equal elements; errors are equal when
    /// they have the same type and description.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.next(left), .next(right)): return left == right
        case let (.error(left), .error(right)): return errorsMatch(left, right)
        default: return false
        }
    }
}

extension CompletableEvent: Equatable {
    /// Completions are equal; errors are equal when they have the same type and description.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.error(left), .error(right)): return errorsMatch(left, right)
        default: return false
        }
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Events are equal when they are the same kind with equal elements; errors are equal when
    /// they have the same type and description.
    ///
    /// - Parameters:
    ///   - lhs: The value on the left.
    ///   - rhs: The value on the right.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case let (.success(left), .success(right)): return left == right
        case let (.error(left), .error(right)): return errorsMatch(left, right)
        default: return false
        }
    }
}

/// Whether two `Single` events are equal for test purposes (`SingleEvent` is a `Result` whose
/// failure is any `Error`, which is not `Equatable`): equal successes, or errors that match.
func singleEventsMatch<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case let (.success(left), .success(right)): return left == right
    case let (.failure(left), .failure(right)): return errorsMatch(left, right)
    default: return false
    }
}

/// Whether two errors are the same for test purposes: same type and same description.
func errorsMatch(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
}

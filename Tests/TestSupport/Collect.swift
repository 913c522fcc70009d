import RxSwift

/// The events a sequence delivers synchronously to one subscriber (for sources that finish during
/// `subscribe`, such as `of`, `just`, or a chain of them).
public func collect<Element>(_ source: Observable<Element>) -> [Event<Element>] {
    var events: [Event<Element>] = []
    _ = source.subscribe { events.append($0) }
    return events
}

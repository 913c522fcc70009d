/// The fast path between the library's own stages: an element handed over as it is.
///
/// `ObserverType.on(_:)` takes an `Event`; in generic code that is not specialised (every stage
/// of a chain built at run time) constructing or matching `Event<Element>` costs a run-time
/// metadata look-up per call. Stages that conform to `ElementReceiver` get elements by address
/// instead, with no such look-up, and keep `on(_:)` for terminal events and foreign observers.
///
/// The protocol is deliberately not generic: a cast to it is a plain conformance check, where a
/// cast to a parameterised existential would demangle a type name on every subscription.
protocol ElementReceiver: AnyObject {
    /// Receives the next element (the equivalent of `on(.next(element))`). `element` points to a
    /// value of the receiver's own element type, valid for the duration of the call.
    func receiveNext(at element: UnsafeRawPointer)

    /// Receives completion (the equivalent of `on(.completed)`).
    func receiveCompleted()

    /// Receives an error (the equivalent of `on(.error(error))`).
    func receiveError(_ error: Swift.Error)
}

/// Sends `element` to `receiver` by address.
@inline(__always)
func sendNext<Element>(_ element: Element, to receiver: ElementReceiver) {
    withUnsafePointer(to: element) { receiver.receiveNext(at: UnsafeRawPointer($0)) }
}

/// Carries a non-`Sendable` value across a thread hop that hands it from one owner to the next
/// (a dispatch-queue work item or a timer handler), where only the receiving side touches it.
struct UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: the value is moved, not shared: the enqueueing call (DispatchQueue /
    // OperationQueue submission) is the synchronisation point, and the sender drops its copy.
    let value: Value
    init(_ value: Value) { self.value = value }
}

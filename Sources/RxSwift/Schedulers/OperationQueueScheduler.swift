import Foundation

/// Runs work as operations on an `OperationQueue`.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked Sendable: both properties are immutable; OperationQueue synchronises itself.

    /// The queue operations are added to.
    public let operationQueue: OperationQueue
    /// The priority of the operations.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler that adds operations to `operationQueue`.
    ///
    /// - Parameters:
    ///   - operationQueue: The operation queue that runs the work.
    ///   - queuePriority: The priority of the operations.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds `action` as an operation; disposing cancels it if it has not run yet.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work to run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action))
        let operation = BlockOperation {
            Stress.handover()
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        let operationBox = UncheckedBox(operation)
        return Disposables.create(cancel, Disposables.create { operationBox.value.cancel() })
    }
}

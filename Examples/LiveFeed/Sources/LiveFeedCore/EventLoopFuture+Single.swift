import NIOCore
import RxSwift

extension EventLoopFuture where Value: Sendable {
    /// This future as a `Single`: its value or its error, on the future's loop. Disposing the
    /// subscription before the future completes only stops the delivery (a future cannot be
    /// cancelled).
    public func asSingle() -> Single<Value> {
        Single.create { observer in
            let subscription = BooleanDisposable()
            let deliver = SingleObserverBox(observer)
            self.whenComplete { result in
                guard !subscription.isDisposed else { return }
                deliver.observer(result)
            }
            return subscription
        }
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// This `Single` as a future on `eventLoop`: subscribed at once, its value or error completes
    /// the future. A `Single` that ends without either (disposed from elsewhere) fails it with
    /// ``SingleFutureError/disposed``.
    public func toFuture(on eventLoop: any EventLoop) -> EventLoopFuture<Element> {
        let promise = eventLoop.makePromise(of: Element.self)
        var completed = false
        _ = primitiveSequence.subscribe(
            onSuccess: {
                completed = true; promise.succeed($0)
            },
            onFailure: {
                completed = true; promise.fail($0)
            },
            onDisposed: { if !completed { promise.fail(SingleFutureError.disposed) } })
        return promise.futureResult
    }
}

/// Why a future made by `toFuture(on:)` failed without the `Single`'s own error.
public enum SingleFutureError: Error, Equatable {
    /// The subscription was disposed before the `Single` succeeded or failed.
    case disposed
}

/// A `Single`'s observer handed to the future's callback.
private final class SingleObserverBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: the observer is called once, by the future's one callback on its loop;
    // NIO's promise (completed once, callbacks run on the loop) orders it after creation.
    let observer: (Result<Value, Swift.Error>) -> Void

    init(_ single: @escaping (SingleEvent<Value>) -> Void) {
        observer = { result in
            switch result {
            case .success(let value): single(.success(value))
            case .failure(let error): single(.failure(error))
            }
        }
    }
}

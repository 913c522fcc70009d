extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Awaits the element, or throws the error. Cancelling the awaiting task disposes the
    /// subscription and throws `CancellationError`. Runs on the caller's actor, so it can be
    /// awaited from `@MainActor` code for any element type.
    public nonisolated(nonsending) var value: Element {
        get async throws {
            let source = primitiveSequence.source
            return try await ValueBridge<Element>().value { bridge in
                source.subscribe(
                    onNext: { bridge.finish(.success($0)) },
                    onError: { bridge.finish(.failure($0)) },
                    onCompleted: { bridge.finish(.failure(RxError.noElements)) })
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Awaits the element (`nil` when the Maybe completes empty), or throws the error.
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    public nonisolated(nonsending) var value: Element? {
        get async throws {
            let source = primitiveSequence.source
            return try await ValueBridge<Element?>().value { bridge in
                source.subscribe(
                    onNext: { bridge.finish(.success($0)) },
                    onError: { bridge.finish(.failure($0)) },
                    onCompleted: { bridge.finish(.success(nil)) })
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Awaits completion, or throws the error. Cancelling the awaiting task disposes the
    /// subscription and throws `CancellationError`.
    public nonisolated(nonsending) var value: Void {
        get async throws {
            let source = primitiveSequence.source
            try await ValueBridge<Void>().value { bridge in
                source.subscribe(
                    onError: { bridge.finish(.failure($0)) },
                    onCompleted: { bridge.finish(.success(())) })
            }
        }
    }
}

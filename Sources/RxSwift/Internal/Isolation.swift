import Foundation

// A closure passed from actor-isolated code (a `@MainActor` view model, say) is, to the Swift 6
// compiler, a non-`Sendable` value of that actor: it may be called only there. The operators take
// such closures as plain (non-`Sendable`) parameters and call them wherever the events arrive, so
// the compiler cannot check the rule for them. Each operator that takes a closure records its
// caller's isolation (`isolation: (any Actor)? = #isolation`) and, when that is an actor, calls the
// closure through `confined(_:to:in:)`, which stops the program with a message naming the operator,
// the actor and the fix if the closure is about to run anywhere else. Called from nonisolated code,
// `isolation` is nil and the closure is used as given: nothing is added per element.
// ARCHITECTURE.md, "Closures stay on their actor", gives the reasons for this design.

/// What a confined closure checks before each call.
@usableFromInline
enum IsolationCheck {
    /// Stops the program unless the current thread may run code isolated to `actor`. Whether
    /// `actor` is the main actor is decided once, where the closure is confined (`isMain`); on the
    /// main thread the check per call is then `Thread.isMainThread`, inlined into the caller.
    @inlinable
    static func verify(_ actor: any Actor, isMain: Bool, _ api: StaticString) {
        if isMain {
            if !Thread.isMainThread { verifyOffMainThread(actor, api) }
        } else {
            verifyIsolated(to: actor, api)
        }
    }

    /// Off the main thread: allowed only in a block of the main queue (under `dispatchMain()` on
    /// Linux, a worker thread runs those).
    @usableFromInline
    static func verifyOffMainThread(_ actor: any Actor, _ api: StaticString) {
        if !MainScheduler.isOnMain { violation(actor, api) }
    }

    @usableFromInline
    static func verifyIsolated(to actor: any Actor, _ api: StaticString) {
        actor.preconditionIsolated(message(actor, api))
    }

    @inline(never)
    static func violation(_ actor: any Actor, _ api: StaticString) -> Never {
        fatalError(message(actor, api))
    }

    static func message(_ actor: any Actor, _ api: StaticString) -> String {
        let name = actor is MainActor ? "MainActor" : "actor \(type(of: actor))"
        let place = actor is MainActor ? "the main thread" : "that actor"
        return """
            OpenRx: the closure passed to `\(api)` belongs to \(name) (it was passed from code \
            isolated to it), and it is being called off \(place), where it would race with that \
            actor's state. Deliver the events to it on \(place) (for MainActor, \
            `.observe(on: MainScheduler.instance)` before `\(api)`), or, if the closure touches no \
            actor state, pass it from nonisolated code or with `isolation: nil`.
            """
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<A, R>(
    _ body: @escaping (A) throws -> R, to actor: (any Actor)?, in api: StaticString
) -> (A) throws -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return { value in
        IsolationCheck.verify(actor, isMain: isMain, api)
        return try body(value)
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<A, R>(_ body: @escaping (A) -> R, to actor: (any Actor)?, in api: StaticString) -> (A) -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return { value in
        IsolationCheck.verify(actor, isMain: isMain, api)
        return body(value)
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<A, B, R>(
    _ body: @escaping (A, B) throws -> R, to actor: (any Actor)?, in api: StaticString
) -> (A, B) throws -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return { first, second in
        IsolationCheck.verify(actor, isMain: isMain, api)
        return try body(first, second)
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<R>(
    _ body: @escaping () throws -> R, to actor: (any Actor)?, in api: StaticString
) -> () throws -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return {
        IsolationCheck.verify(actor, isMain: isMain, api)
        return try body()
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<R>(_ body: @escaping () -> R, to actor: (any Actor)?, in api: StaticString) -> () -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return {
        IsolationCheck.verify(actor, isMain: isMain, api)
        return body()
    }
}

/// `body`, if any, checked before each call to run where `actor` may.
@inlinable
package func confined<A>(_ body: ((A) -> Void)?, to actor: (any Actor)?, in api: StaticString) -> ((A) -> Void)? {
    guard let body, let actor else { return body }
    let isMain = actor is MainActor
    return { value in
        IsolationCheck.verify(actor, isMain: isMain, api)
        body(value)
    }
}

/// `body`, if any, checked before each call to run where `actor` may.
@inlinable
package func confined(_ body: (() -> Void)?, to actor: (any Actor)?, in api: StaticString) -> (() -> Void)? {
    guard let body, let actor else { return body }
    let isMain = actor is MainActor
    return {
        IsolationCheck.verify(actor, isMain: isMain, api)
        body()
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<A, B>(
    _ body: @escaping (inout A, B) throws -> Void, to actor: (any Actor)?, in api: StaticString
) -> (inout A, B) throws -> Void {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return { first, second in
        IsolationCheck.verify(actor, isMain: isMain, api)
        try body(&first, second)
    }
}

/// `body`, if any, checked before each call to run where `actor` may.
@inlinable
package func confined<A>(
    _ body: ((A) throws -> Void)?, to actor: (any Actor)?, in api: StaticString
) -> ((A) throws -> Void)? {
    guard let body, let actor else { return body }
    let isMain = actor is MainActor
    return { value in
        IsolationCheck.verify(actor, isMain: isMain, api)
        try body(value)
    }
}

/// `body`, if any, checked before each call to run where `actor` may.
@inlinable
package func confined(
    _ body: (() throws -> Void)?, to actor: (any Actor)?, in api: StaticString
) -> (() throws -> Void)? {
    guard let body, let actor else { return body }
    let isMain = actor is MainActor
    return {
        IsolationCheck.verify(actor, isMain: isMain, api)
        try body()
    }
}

/// `body`, if any, checked before each call to run where `actor` may.
@inlinable
package func confined<A, B>(
    _ body: ((A, B) -> Void)?, to actor: (any Actor)?, in api: StaticString
) -> ((A, B) -> Void)? {
    guard let body, let actor else { return body }
    let isMain = actor is MainActor
    return { first, second in
        IsolationCheck.verify(actor, isMain: isMain, api)
        body(first, second)
    }
}

/// `body`, checked before each call to run where `actor` may (as given when `actor` is nil).
@inlinable
package func confined<A, B, R>(
    _ body: @escaping (A, B) -> R, to actor: (any Actor)?, in api: StaticString
) -> (A, B) -> R {
    guard let actor else { return body }
    let isMain = actor is MainActor
    return { first, second in
        IsolationCheck.verify(actor, isMain: isMain, api)
        return body(first, second)
    }
}

internal import OpenRxShims

/// Releases and disposes a long chain one stage after another instead of one inside another.
///
/// Releasing the last reference to a chain of 100,000 nested operators (a `catch` inside a
/// `catch`, `Single.flatMap` after `Single.flatMap`, built in a loop) releases each operator's
/// upstream from inside the release of the operator below it, and disposing its subscription
/// disposes each stage's upstream from inside the disposal of the stage below: 100,000 nested
/// calls, 200 to 400 bytes of stack each, where a worker thread has 512 KiB. So where the stack
/// is low (`openrx_teardown_stack_is_low`: below the thread's stack mark, a quarter of it left) an operator hands what it holds,
/// and a stage its disposal, to this thread's teardown instead: the first to do so
/// runs the teardown's loop, which releases and disposes what it is handed one after another,
/// and each operator or stage reached by that loop, still low on the stack, hands over its own
/// upstream in turn. The stack stays a few frames deeper than the first place found low,
/// whatever the chain's length, and everything handed over is released or disposed before that
/// first call returns (ARCHITECTURE.md, "Deep chains").
enum Teardown {
    /// What the loop does with what it is handed.
    enum Step {
        /// Lets go of an operator's `subscribeSink`, which holds its upstream (a function type, not
        /// `Any`: boxing it would wrap it in a thunk whose copy a debug build releases late).
        case release((Link) -> Link)
        /// Runs a stage's disposal.
        case run(() -> Void)
    }

    /// Whether an operator released, or a stage disposed, here must hand its upstream over. One
    /// thread-local read.
    @inline(__always)
    static var mustHandOver: Bool {
        openrx_teardown_stack_is_low()
    }

    /// Runs `body` as if the stack were low everywhere in it, for releases and disposals, then
    /// restores the thread's mark: tests of the loop, at any depth.
    static func runWithTheStackLowForTesting(_ body: () -> Void) {
        // The subscriptions' low-stack mark first: computed inside `body`, it would take the mark
        // set here as the thread's.
        _ = CurrentThreadScheduler.mustWaitForTheStack
        let mark = openrx_stack_mark()
        openrx_set_stack_mark(.max)
        body()
        openrx_set_stack_mark(mark)
    }

    /// Lets go of `subscribeSink` (an operator's, taken out of it) once the caller's own release
    /// has returned.
    static func release(_ subscribeSink: consuming @escaping (Link) -> Link) {
        // Consumed: the queue must hold the only reference, or the loop's release would not be the
        // last and the value would go when this returns, inside the caller's release again.
        run(.release(consume subscribeSink))
    }

    /// Releases `object` (a reference the caller owns and gives up: a sink's downstream, from
    /// its deinit) now, or where the stack is low, once the caller's own release has returned:
    /// a chain freed from its inner end frees each stage from inside the release of the one
    /// before it.
    @inline(__always)
    static func releaseOrHandOver(_ object: Unmanaged<Link>) {
        if _slowPath(mustHandOver) {
            run(.run { object.release() })
        } else {
            object.release()
        }
    }

    /// Runs `disposal` once the caller's own disposal has returned.
    static func later(_ disposal: @escaping () -> Void) {
        run(.run(disposal))
    }

    /// Queues `step` behind the loop running on this thread, or runs a loop for it.
    private static func run(_ step: consuming Step) {
        let trampoline = CurrentThreadScheduler.trampoline
        trampoline.teardown.append(consume step)
        if trampoline.tearingDown { return }
        trampoline.tearingDown = true
        while let next = trampoline.teardown.popLast() {
            // Disposed or released here, once the queue's access has ended: what that releases or
            // disposes in turn is appended to the queue, not done inside this call.
            if case .run(let disposal) = next { disposal() }
        }
        trampoline.tearingDown = false
    }
}

internal import OpenRxShims
import Synchronization

/// Collects disposables and disposes them all when the bag is deallocated: the usual way to tie
/// subscriptions to an owner's lifetime. Adding to a bag that is being torn down disposes at once.
///
/// Safe to fill from several threads at once. What one thread adds is disposed in the order it
/// added it.
public final class DisposeBag: Sendable {
    /// What a part of the bag holds, under its lock.
    struct State {
        var disposables: [SendableDisposable] = []
        var disposed = false

        /// Keeps `disposable`, unless the bag was disposed of; whether it kept it. Wrapped here,
        /// under the lock: wrapped before, the entry was copied once more on its way in (a
        /// quarter more instructions per insert).
        mutating func keep(_ disposable: Disposable) -> Bool {
            if disposed { return false }
            disposables.append(SendableDisposable(disposable))
            return true
        }

        /// Keeps `entries`, unless the bag was disposed of; whether it kept them.
        mutating func keep(_ entries: [SendableDisposable]) -> Bool {
            if disposed { return false }
            disposables.append(contentsOf: entries)
            return true
        }

        /// Marks the part disposed of and hands over what it held.
        mutating func takeAll() -> [SendableDisposable] {
            disposed = true
            defer { disposables = [] }
            return disposables
        }
    }

    /// Where every insert goes until two threads meet here.
    private let state = Locked(State())
    /// The parts threads spread over once two met at `state` (one found it locked): from then on
    /// each thread inserts into the part its thread number picks, so that a thread descheduled
    /// while it holds a part holds up only the threads of that part, not every inserter. Made
    /// once, never replaced. A thread goes from `state` to its part once and never back, so what
    /// it added is still disposed in its order (`state` first, then the parts). The address of a
    /// retained `Parts`, 0 until made (an atomic word read inline, where `AtomicLazyReference`'s
    /// `load` is a call into Synchronization: a third of the time of an insert on one thread).
    private let partsAddress = Atomic<UInt>(0)

    /// The parts, once made, not retained.
    @inline(__always)
    private var unmanagedParts: Unmanaged<Parts>? {
        Self.parts(at: partsAddress.load(ordering: .acquiring))
    }

    /// The parts whose address is `address` (0: none yet).
    @inline(__always)
    private static func parts(at address: UInt) -> Unmanaged<Parts>? {
        UnsafeRawPointer(bitPattern: address).map { Unmanaged<Parts>.fromOpaque($0) }
    }

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    ///
    /// - Parameter disposables: The disposables.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        insert(disposables)
    }

    /// Creates a bag holding what `builder` returns.
    ///
    /// - Parameter builder: Returns the disposables.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init()
        insert(builder())
    }

    /// Creates a bag holding `disposables`.
    ///
    /// - Parameter disposables: The disposables.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Adds `disposable` to the bag.
    ///
    /// - Parameter disposable: The disposable to add; disposed of at once when this is already disposed of.
    public func insert(_ disposable: Disposable) {
        // The path of `disposed(by:)`, once per subscription: one append, no collection on the
        // way (appending a `CollectionOfOne` copied it through value witnesses, a third of the
        // time of an insert).
        if !keep({ $0.keep(disposable) }) { disposable.dispose() }
    }

    /// Adds `disposables` to the bag.
    ///
    /// - Parameter disposables: The disposables.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds what `builder` returns to the bag.
    ///
    /// - Parameter builder: Returns the disposables.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds `disposables` to the bag.
    ///
    /// - Parameter disposables: The disposables.
    public func insert(_ disposables: [Disposable]) {
        let entries = disposables.map(SendableDisposable.init)
        if !keep({ $0.keep(entries) }) { disposables.forEach { $0.dispose() } }
    }

    /// Runs `body` on the part this thread inserts into, with its lock held: `state` while it
    /// is free and the bag has no parts, else the thread's part.
    @inline(__always)
    private func keep(_ body: (inout sending State) -> sending Bool) -> Bool {
        if let parts = unmanagedParts {
            // Not retained: the bag keeps its parts until it goes, and a retain per insert would
            // bring every inserting thread to the parts' one reference count.
            return parts._withUnsafeGuaranteedRef { $0.withPartForThisThread { $0.state.withLock(body) } }
        }
        if let alone = state.withLockIfAvailable(body) { return alone }
        return spread().withPartForThisThread { $0.state.withLock(body) }
    }

    /// The parts, made by the first thread that finds `state` locked (internal: tests spread a
    /// bag without waiting for two threads to meet).
    @inline(never)
    func spread() -> Parts {
        if let parts = unmanagedParts { return parts.takeUnretainedValue() }
        let made = Unmanaged.passRetained(Parts())
        let (exchanged, found) = partsAddress.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .acquiring)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        return Self.parts(at: found)!.takeUnretainedValue()
    }

    deinit {
        for disposable in state.withLock({ $0.takeAll() }) { disposable.dispose() }
        if let unmanaged = unmanagedParts {
            let parts = unmanaged.takeRetainedValue()
            for index in parts.all.indices {
                for disposable in parts.all[index].state.withLock({ $0.takeAll() }) { disposable.dispose() }
            }
        }
    }

    /// Builds an array of disposables from a block of expressions.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the block's disposables.
        ///
        /// - Parameter disposables: The disposables.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag is deallocated.
    ///
    /// - Parameter bag: The bag that keeps the subscription until it is released.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

extension DisposeBag {
    /// The parts of a bag that threads fill at the same time: 16, each with its own lock, in
    /// one object (reached without retaining anything per insert).
    final class Parts: Sendable {
        let all = InlineArray<16, Part> { _ in Part() }

        /// Runs `body` with the calling thread's part (by the thread's number: consecutive
        /// threads, different parts).
        @inline(__always)
        func withPartForThisThread<R>(_ body: (borrowing Part) -> R) -> R {
            body(all[Int(openrx_thread_number() % 16)])
        }
    }

    /// One part: a lock and what it guards, padded to a cache line of its own, so that threads
    /// filling neighbouring parts do not take each other's line.
    struct Part: ~Copyable, Sendable {
        let state = Locked(State())
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    }
}

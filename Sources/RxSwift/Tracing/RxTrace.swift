import Dispatch
import Foundation
import Synchronization

/// A recording of what running chains did: every subscription of a traced chain (its stage, the
/// stage it feeds, where the trace was asked for), every event each stage sent with its time and
/// the thread it was sent on, and every disposal. Off by default; nothing is recorded and
/// nothing is paid per element until a chain is traced (``ObservableType/trace(_:file:line:)``)
/// or ``isEnabled`` is set.
///
/// ```swift
/// let results = query
///     .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
///     .flatMapLatest { search($0) }
///     .trace("search")          // this chain, from here up, is recorded
/// …
/// try RxTrace.write(to: URL(fileURLWithPath: "search-trace.html"))   // open it in a browser
/// print(RxTrace.recording().marbles())                            // or read it in a terminal
/// ```
///
/// The recording is a bounded ring (``capacity`` events; the oldest go first), safe to use from
/// any thread. Recording never changes what a chain does: the same events reach the same
/// observers, in the same order, on the same threads.
public enum RxTrace {
    /// Whether every subscription in the process is recorded, traced or not (`false` by
    /// default). Turning it on costs one check per subscription from then on, and, for what is
    /// recorded, a description of each element.
    public static var isEnabled: Bool {
        get { everything.load(ordering: .relaxed) }
        set {
            everything.store(newValue, ordering: .relaxed)
            if newValue { active.store(true, ordering: .relaxed) }
        }
    }

    /// How many events the recording keeps (10,000 by default): past it, the oldest are dropped
    /// (and so are the ended subscriptions they belonged to).
    public static var capacity: Int {
        get { recorder.withLock { $0.capacity } }
        set { recorder.withLock { $0.resize(to: max(1, newValue)) } }
    }

    /// Forgets everything recorded, and returns to the real (monotonic) clock. From then on, the
    /// stages built note where they were written (``Stage/writtenAt``).
    public static func reset() {
        recorder.withLock { $0 = TraceRecorder(capacity: $0.capacity) }
        active.store(true, ordering: .relaxed)
    }

    /// Times events with `now` from here on (a virtual clock: ``TimeUnit/virtual``), until
    /// ``reset()``. RxTest's `TestScheduler.traceOnVirtualTime()` passes its clock, so that a
    /// recording made on virtual time is the same on every run.
    ///
    /// - Parameter now: The current virtual time.
    public static func useVirtualClock(_ now: @escaping @Sendable () -> Int) {
        recorder.withLock { $0.clock = now }
    }

    /// What the recording holds now.
    public static func recording() -> Recording {
        let (recording, builtAt) = recorder.withLock { ($0.recording(), $0.builtAt) }
        // Where each stage was written: read from the debug information outside the lock (the
        // first time a place is asked for, milliseconds).
        var stages = recording.stages
        for index in stages.indices where stages[index].writtenAt == nil {
            stages[index].writtenAt = builtAt[stages[index].id].flatMap(CallerPlace.numbered)?.fileAndLine
        }
        return Recording(timeUnit: recording.timeUnit, stages: stages, events: recording.events, now: recording.now)
    }

    /// The recorded subscriptions still alive (subscribed, neither ended nor disposed), each with
    /// where its chain was traced: what a leak check reports.
    public static func liveSubscriptions() -> [Stage] {
        recording().stages.filter(\.isLive)
    }

    /// Writes the recording to `url`, in the format its extension names: `.html` (a page with a
    /// lane per stage, for a browser), `.json` (Chrome's Trace Event format, which Perfetto and
    /// `chrome://tracing` open) or anything else (text marbles).
    ///
    /// - Parameter url: Where to write.
    public static func write(to url: URL) throws {
        let recording = recording()
        let text: String
        switch url.pathExtension.lowercased() {
        case "html", "htm": text = recording.html()
        case "json": text = recording.traceEventJSON()
        default: text = recording.marbles()
        }
        try Data(text.utf8).write(to: url)
    }

    /// How a recording's times are counted.
    public enum TimeUnit: Sendable, Equatable {
        /// Nanoseconds of a monotonic clock, from the first event recorded.
        case nanoseconds
        /// Ticks of a virtual clock (``RxTrace/useVirtualClock(_:)``).
        case virtual
    }

    /// One recorded subscription: a stage of a chain.
    public struct Stage: Sendable, Equatable, CustomStringConvertible {
        /// The stage's number in the recording (from 1, in subscription order).
        public let id: Int
        /// The stage it feeds (the one that subscribed to it), if recorded.
        public let parent: Int?
        /// The name given to ``ObservableType/trace(_:file:line:)``, for the stage it makes.
        public let name: String?
        /// The kind of stage: the operator (`map`, `flatMapLatest`, `debounce`, …), `subject`,
        /// or `trace` for the stage ``ObservableType/trace(_:file:line:)`` makes.
        public internal(set) var kind: String
        /// Where the chain was traced (`File.swift:12`), for the trace's own stage and, after it,
        /// every stage recorded under it.
        public let place: String?
        /// Where the stage's operator was written (`App/SearchViewModel.swift:14`: the call of
        /// `map`, `concatMap`, `create`, …; a `trace` stage's is its ``place``), when known: for
        /// a stage built once something could be traced (``RxTrace/isEnabled`` was set, or
        /// ``RxTrace/reset()`` or ``ObservableType/trace(_:file:line:)`` was called), in a debug
        /// build on Linux. `nil` otherwise, and for subjects.
        public internal(set) var writtenAt: String?
        /// When it was subscribed.
        public let subscribed: Int
        /// The thread it was subscribed on: `main`, or `thread 2`, `thread 3`, … in order of
        /// first appearance in the recording.
        public let thread: String
        /// When it sent its terminal event, if it did.
        public internal(set) var ended: Int?
        /// When it was disposed, if it was.
        public internal(set) var disposed: Int?

        /// Neither ended nor disposed.
        public var isLive: Bool { ended == nil && disposed == nil }

        /// "#id kind “name”", as the pictures label the stage's lane.
        var label: String {
            let label = name.map { "#\(id) \(kind) “\($0)”" } ?? "#\(id) \(kind)"
            guard let writtenAt, kind != "trace" else { return label }
            return "\(label) (\(writtenAt.split(separator: "/").last ?? ""))"
        }

        /// "#id kind “name” (written at place, traced at place)".
        public var description: String {
            let short = name.map { "#\(id) \(kind) “\($0)”" } ?? "#\(id) \(kind)"
            let written = writtenAt == place ? nil : writtenAt
            let places = [written.map { "written at \($0)" }, place.map { "traced at \($0)" }].compactMap { $0 }
            return places.isEmpty ? short : "\(short) (\(places.joined(separator: ", ")))"
        }
    }

    /// One recorded event.
    public struct Event: Sendable, Equatable {
        /// What happened.
        public enum Kind: Sendable, Equatable {
            /// The stage was subscribed.
            case subscribed
            /// The stage sent an element (``RxTrace/Event/value``).
            case next
            /// The stage completed.
            case completed
            /// The stage failed (``RxTrace/Event/value`` describes the error).
            case error
            /// The stage's subscription was disposed.
            case disposed
        }

        /// When.
        public let time: Int
        /// The stage (``RxTrace/Stage/id``).
        public let stage: Int
        /// What.
        public let kind: Kind
        /// The element or the error, described.
        public let value: String?
        /// The thread it happened on (see ``RxTrace/Stage/thread``).
        public let thread: String
    }

    /// What was recorded: the stages, in subscription order, and the events still in the ring,
    /// in the order they happened.
    public struct Recording: Sendable, Equatable {
        /// How ``RxTrace/Event/time`` is counted.
        public let timeUnit: TimeUnit
        /// Every stage that was subscribed and is still in the recording.
        public let stages: [Stage]
        /// The events, oldest first.
        public let events: [Event]
        /// The time the recording was taken.
        public let now: Int
    }

    // MARK: - Internal

    /// Set once anything may be traced (a `trace` stage was subscribed, or `isEnabled`): from
    /// then on, subscriptions ask whether they are inside a traced chain.
    static let active = Atomic<Bool>(false)
    private static let everything = Atomic<Bool>(false)
    static let recorder = Locked(TraceRecorder(capacity: 10_000))

    /// Whether a subscription made now, on this thread, is recorded. One relaxed load when
    /// nothing was ever traced.
    @inline(__always)
    static var shouldRecord: Bool {
        guard _slowPath(active.load(ordering: .relaxed)) else { return false }
        return everything.load(ordering: .relaxed) || TraceContext.current != nil
    }
}

/// What the recording holds, guarded by `RxTrace.recorder`.
struct TraceRecorder {
    var capacity: Int
    var clock: (@Sendable () -> Int)?
    private var origin: UInt64?
    private var nextID = 1
    /// The recorded stages by id, kept up to date (kind, end, disposal) as events arrive.
    private var stages: [Int: RxTrace.Stage] = [:]
    /// Where the user's code built each recorded stage, when noted.
    private(set) var builtAt: [Int: UInt32] = [:]
    private var ring: [RxTrace.Event] = []
    private var head = 0
    /// Each thread's label, by its `pthread_self()`: looked up per event without a system call
    /// (`Thread.isMainThread` makes two on Linux, asked once per thread).
    private var threads: [UInt: String] = [:]
    private var nextThreadNumber = 2
    /// The last thread asked about and its label: most events come from the thread before them.
    private var lastThread: (key: UInt, label: String)?

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func resize(to newCapacity: Int) {
        let events = ordered()
        capacity = newCapacity
        ring = Array(events.suffix(newCapacity))
        head = 0
    }

    var now: Int {
        mutating get {
            if let clock { return clock() }
            let time = DispatchTime.now().uptimeNanoseconds
            if origin == nil { origin = time }
            return Int(time &- origin!)
        }
    }

    /// "main", or "thread N" (N from 2, in order of first appearance).
    mutating func threadLabel() -> String {
        let key = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        if let lastThread, lastThread.key == key { return lastThread.label }
        if let label = threads[key] {
            lastThread = (key, label)
            return label
        }
        let label: String
        if Thread.isMainThread {
            label = "main"
        } else {
            label = "thread \(nextThreadNumber)"
            nextThreadNumber += 1
        }
        threads[key] = label
        lastThread = (key, label)
        return label
    }

    mutating func makeNode(parent: Int?, name: String?, kind: String, place: String?, builtAt: UInt32) -> Int {
        let id = nextID
        nextID += 1
        let time = now
        let thread = threadLabel()
        stages[id] = RxTrace.Stage(
            id: id, parent: parent, name: name, kind: kind, place: place, writtenAt: kind == "trace" ? place : nil,
            subscribed: time, thread: thread, ended: nil, disposed: nil)
        if builtAt != 0 { self.builtAt[id] = builtAt }
        append(RxTrace.Event(time: time, stage: id, kind: .subscribed, value: nil, thread: thread))
        return id
    }

    mutating func setKind(_ kind: String, of id: Int) {
        stages[id]?.kind = kind
    }

    mutating func record(_ kind: RxTrace.Event.Kind, of id: Int, value: String?) {
        let time = now
        switch kind {
        case .completed, .error: if stages[id]?.ended == nil { stages[id]?.ended = time }
        case .disposed: if stages[id]?.disposed == nil { stages[id]?.disposed = time }
        case .subscribed, .next: break
        }
        append(RxTrace.Event(time: time, stage: id, kind: kind, value: value, thread: threadLabel()))
    }

    private mutating func append(_ event: RxTrace.Event) {
        if ring.count < capacity {
            ring.append(event)
            return
        }
        ring[head] = event
        head = (head + 1) % capacity
        if head == 0 { forgetEndedStagesWithoutEvents() }
    }

    /// Once per turn of the ring: the stages that ended and have no event left go.
    private mutating func forgetEndedStagesWithoutEvents() {
        let mentioned = Set(ring.map(\.stage))
        stages = stages.filter { id, stage in mentioned.contains(id) || stage.isLive }
        builtAt = builtAt.filter { id, _ in stages[id] != nil }
    }

    private func ordered() -> [RxTrace.Event] {
        Array(ring[head...] + ring[..<head])
    }

    mutating func recording() -> RxTrace.Recording {
        return RxTrace.Recording(
            timeUnit: clock == nil ? .nanoseconds : .virtual, stages: stages.values.sorted { $0.id < $1.id },
            events: ordered(), now: now)
    }
}

import Foundation
import RxSwift
import Testing

// Marble diagrams for virtual-time tests. The grammar (also in RxTest's documentation):
//
//   -        one frame passes (`frame` ticks, 10 by default)
//   a        an element: `values["a"]` (for `String` elements, "a" itself when not in `values`)
//   (ab)     a group: its events happen at the frame of `(`; every character, the parentheses
//            included, still takes one frame, so timelines stay aligned in the source
//   |        completion
//   #        an error: `errors["#"]`, or a `MarbleError` when not given
//   ^        time zero: the subscription time (`subscribed`, 200 by default); at most one.
//            Without it, a timeline's first character is at time zero.
//   !        (subscription marbles only) the end of a subscription
//   space    ignored, for alignment
//   20ms     time progression (RxJS's syntax), between spaces: that much virtual time passes
//            (`ms`, `s` or `m`, in ticks of the scheduler's `resolution` seconds; whole ticks)
//
// A cold observable's time zero is each subscription to it. Nothing may follow `|` or `#` but
// frames and spaces.

/// A malformed marble diagram: what is wrong, and where.
public struct MarbleSyntaxError: Error, CustomStringConvertible, Equatable {
    /// The diagram.
    public let marbles: String
    /// The offending character's position in `marbles` (in characters).
    public let position: Int
    /// What is wrong.
    public let reason: String

    /// The reason, the diagram and a caret under the offending character.
    public var description: String {
        "Malformed marbles: \(reason) (character \(position + 1))\n  \(marbles)\n  "
            + String(repeating: " ", count: position) + "^"
    }
}

/// The error a `#` stands for when the `errors` dictionary has no entry for it.
public struct MarbleError: Error, Equatable, CustomStringConvertible {
    /// The symbol of the error in the diagram.
    public let symbol: Character

    /// `MarbleError(#)`.
    public var description: String { "MarbleError(\(symbol))" }
}

/// One event of a diagram, before its value is looked up.
struct MarbleEvent {
    enum Kind: Equatable {
        case next(Character)
        case error(Character)
        case completed
    }

    let kind: Kind
    /// The event's time in ticks, counted from time zero (negative before `^`).
    let time: Int
    /// The symbol's position in the diagram (in characters), for error messages.
    let position: Int
}

/// A parsed diagram: its events and, in subscription marbles, its subscriptions.
struct MarbleTimeline {
    var events: [MarbleEvent] = []
    /// (start, end or nil) pairs in ticks from time zero, from `^` … `!`.
    var subscriptions: [(start: Int, end: Int?)] = []

    /// Parses `marbles`, each frame `frame` ticks and each tick `resolution` seconds (for time
    /// progressions). `subscriptionMarbles`: `^` and `!` mark a subscription's start and end (and
    /// time zero is the first character); otherwise `^` marks time zero.
    static func parse(
        _ marbles: String, frame frameTicks: TestTime, resolution: Double, subscriptionMarbles: Bool = false
    ) throws -> MarbleTimeline {
        let characters = Array(marbles)
        func fail(_ position: Int, _ reason: String) -> MarbleSyntaxError {
            MarbleSyntaxError(marbles: marbles, position: position, reason: reason)
        }
        var timeline = MarbleTimeline()
        var time = 0
        var zeroTime: Int?
        var group: (time: Int, position: Int, count: Int)?
        var ended: Int?
        var open: (time: Int, position: Int)?
        var position = 0
        while position < characters.count {
            let character = characters[position]
            defer { position += 1 }
            if character == " " { continue }
            if let (length, seconds) = timeProgression(in: characters, at: position) {
                if group != nil { throw fail(position, "a time progression inside a group") }
                let ticks = seconds / resolution
                guard abs(ticks - ticks.rounded()) < 1e-9 else {
                    throw fail(
                        position,
                        "\(String(characters[position..<position + length])) is not a whole number of ticks of \(resolution) s"
                    )
                }
                time += Int(ticks.rounded())
                position += length - 1
                continue
            }
            let eventTime = group?.time ?? time
            defer { time += frameTicks }
            switch character {
            case "-":
                if group != nil { throw fail(position, "'-' inside a group") }
            case "(":
                if group != nil { throw fail(position, "a group inside a group") }
                group = (time, position, 0)
            case ")":
                guard let current = group else { throw fail(position, "')' without '('") }
                if current.count == 0 { throw fail(position, "an empty group") }
                group = nil
            case "^" where subscriptionMarbles:
                if open != nil { throw fail(position, "a second '^' before '!'") }
                open = (time, position)
            case "!" where subscriptionMarbles:
                guard let start = open else { throw fail(position, "'!' without '^'") }
                timeline.subscriptions.append((start.time, time))
                open = nil
            case "^":
                if group != nil { throw fail(position, "'^' inside a group") }
                if zeroTime != nil { throw fail(position, "a second '^'") }
                zeroTime = time
            case "!":
                throw fail(position, "'!' belongs in subscription marbles")
            default:
                if subscriptionMarbles { throw fail(position, "only '-', '^', '!' and spaces in subscription marbles") }
                if let ended { throw fail(position, "an event after the end at character \(ended + 1)") }
                let kind: MarbleEvent.Kind
                switch character {
                case "|": kind = .completed
                case "#": kind = .error(character)
                default: kind = .next(character)
                }
                if kind != .next(character) { ended = position }
                timeline.events.append(MarbleEvent(kind: kind, time: eventTime, position: position))
                if var current = group {
                    current.count += 1
                    group = current
                }
            }
        }
        if let group { throw fail(group.position, "'(' without ')'") }
        if let open { timeline.subscriptions.append((open.time, nil)) }
        let zero = zeroTime ?? 0
        timeline.events = timeline.events.map {
            MarbleEvent(kind: $0.kind, time: $0.time - zero, position: $0.position)
        }
        timeline.subscriptions = timeline.subscriptions.map { ($0.start - zero, $0.end.map { $0 - zero }) }
        return timeline
    }

    /// A time progression (`20ms`, `1.5s`, `2m`) starting at `position`, between spaces (or the
    /// diagram's ends): its length in characters and its duration in seconds.
    private static func timeProgression(in characters: [Character], at position: Int) -> (Int, Double)? {
        guard characters[position].isASCII, characters[position].isNumber,
            position == 0 || characters[position - 1] == " "
        else { return nil }
        var end = position
        while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
        let number = String(characters[position..<end])
        var unitEnd = end
        while unitEnd < characters.count, characters[unitEnd].isLetter { unitEnd += 1 }
        let unit = String(characters[end..<unitEnd])
        guard unitEnd == characters.count || characters[unitEnd] == " ", let amount = Double(number) else { return nil }
        switch unit {
        case "ms": return (unitEnd - position, amount / 1000)
        case "s": return (unitEnd - position, amount)
        case "m": return (unitEnd - position, amount * 60)
        default: return nil
        }
    }

    /// A cold observable's events: times relative to each subscription; `^` is refused.
    static func coldEvents<Element>(
        _ marbles: String, values: [Character: Element], errors: [Character: Swift.Error], frame: TestTime,
        resolution: Double
    ) throws -> [Recorded<Event<Element>>] {
        if let caret = marbles.firstIndex(of: "^") {
            throw MarbleSyntaxError(
                marbles: marbles, position: marbles.distance(from: marbles.startIndex, to: caret),
                reason: "'^' in a cold observable: its time zero is each subscription")
        }
        return try parse(marbles, frame: frame, resolution: resolution).recorded(
            marbles, values: values, errors: errors, zero: 0)
    }

    /// The timeline's events as recorded events, `zero` their time zero.
    func recorded<Element>(
        _ marbles: String, values: [Character: Element], errors: [Character: Swift.Error], zero: TestTime
    ) throws -> [Recorded<Event<Element>>] {
        try events.map { event in
            let time = zero + event.time
            switch event.kind {
            case .completed:
                return .completed(time)
            case .error(let symbol):
                return .error(time, errors[symbol] ?? MarbleError(symbol: symbol))
            case .next(let symbol):
                if let value = values[symbol] { return .next(time, value) }
                if let value = String(symbol) as? Element { return .next(time, value) }
                if let value = symbol as? Element { return .next(time, value) }
                throw MarbleSyntaxError(
                    marbles: marbles, position: event.position, reason: "no value for '\(symbol)' in `values`")
            }
        }
    }
}

extension Recorded {
    /// The events a marble diagram describes (see RxTest's documentation for the grammar), at
    /// virtual times: time zero is `subscribed` (at `^`, or at the first character), and each
    /// character is `frame` ticks.
    ///
    /// ```swift
    /// try Recorded.events("--a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
    /// // [.next(220, 1), .next(240, 2), .next(240, 3), .completed(290)]
    /// ```
    ///
    /// - Throws: `MarbleSyntaxError` for a malformed diagram, or a symbol missing from `values`.
    ///
    /// - Parameters:
    ///   - marbles: The marble diagram (see <doc:MarbleTesting>).
    ///   - values: The elements the diagram's symbols stand for.
    ///   - errors: The errors the diagram's symbols stand for.
    ///   - frame: How many virtual ticks one character of the diagram lasts.
    ///   - resolution: How many seconds one tick stands for (the scheduler's), for time
    ///     progressions such as `20ms`.
    ///   - subscribed: The virtual time of the subscription: time zero of the diagram.
    public static func events<Element>(
        _ marbles: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:],
        frame: TestTime = 10, resolution: Double = 1, subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> [Recorded<Event<Element>>] where Value == Event<Element> {
        try MarbleTimeline.parse(marbles, frame: frame, resolution: resolution).recorded(
            marbles, values: values, errors: errors, zero: subscribed)
    }
}

extension Subscription {
    /// The subscriptions a subscription diagram describes: `^` where one starts, `!` where it
    /// ends (none: still active). Time zero is `subscribed` at the first character.
    ///
    /// ```swift
    /// try Subscription.subscriptions("^---!")  // [Subscription(200, 240)]
    /// ```
    ///
    /// - Throws: `MarbleSyntaxError` for a malformed diagram.
    ///
    /// - Parameters:
    ///   - marbles: The marble diagram (see <doc:MarbleTesting>).
    ///   - frame: How many virtual ticks one character of the diagram lasts.
    ///   - resolution: How many seconds one tick stands for (the scheduler's), for time
    ///     progressions such as `20ms`.
    ///   - subscribed: The virtual time of the subscription: time zero of the diagram.
    public static func subscriptions(
        _ marbles: String, frame: TestTime = 10, resolution: Double = 1,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> [Subscription] {
        try MarbleTimeline.parse(marbles, frame: frame, resolution: resolution, subscriptionMarbles: true)
            .subscriptions.map { start, end in
                end.map { Subscription(subscribed + start, subscribed + $0) } ?? Subscription(subscribed + start)
            }
    }
}

extension TestScheduler {
    /// A hot sequence from a marble diagram: `^` (or the first character) is the subscription
    /// time `subscribed`, characters before `^` are earlier, each character is `frame` ticks.
    ///
    /// ```swift
    /// let xs = scheduler.createHotObservable("-a-^-b--c-|", values: ["a": 1, "b": 2, "c": 3])
    /// // next(180, 1) (not seen by a subscriber at 200), next(220, 2), next(250, 3), completed(270)
    /// ```
    ///
    /// A malformed diagram fails the test (XCTest or Swift Testing) with a message that points at
    /// the offending character, and gives a sequence without events: the other tests go on.
    ///
    /// - Parameters:
    ///   - marbles: The marble diagram (see <doc:MarbleTesting>).
    ///   - values: The elements the diagram's symbols stand for.
    ///   - errors: The errors the diagram's symbols stand for.
    ///   - frame: How many virtual ticks one character of the diagram lasts.
    ///   - subscribed: The virtual time of the subscription: time zero of the diagram.
    ///   - fileID: Where a malformed diagram's failure is reported (Swift Testing).
    ///   - file: Where a malformed diagram's failure is reported (XCTest).
    ///   - line: The line of that place.
    ///   - column: The column of that place.
    public func createHotObservable<Element>(
        _ marbles: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:],
        frame: TestTime = 10, subscribed: TestTime = Defaults.subscribed, fileID: String = #fileID,
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestableObservable<Element> {
        createHotObservable(
            parsedMarbles(fileID: fileID, file: file, line: line, column: column) {
                try Recorded.events(
                    marbles, values: values, errors: errors, frame: frame, resolution: resolution,
                    subscribed: subscribed)
            })
    }

    /// A cold sequence from a marble diagram: its first character is each subscription's time.
    ///
    /// ```swift
    /// let ys = scheduler.createColdObservable("--x|", values: ["x": 42])
    /// // subscribed at 200: next(220, 42), completed(230)
    /// ```
    ///
    /// A malformed diagram (including `^`) fails the test (XCTest or Swift Testing) with a
    /// message that points at the offending character, and gives a sequence without events: the
    /// other tests go on.
    ///
    /// - Parameters:
    ///   - marbles: The marble diagram (see <doc:MarbleTesting>).
    ///   - values: The elements the diagram's symbols stand for.
    ///   - errors: The errors the diagram's symbols stand for.
    ///   - frame: How many virtual ticks one character of the diagram lasts.
    ///   - fileID: Where a malformed diagram's failure is reported (Swift Testing).
    ///   - file: Where a malformed diagram's failure is reported (XCTest).
    ///   - line: The line of that place.
    ///   - column: The column of that place.
    public func createColdObservable<Element>(
        _ marbles: String, values: [Character: Element] = [:], errors: [Character: Swift.Error] = [:],
        frame: TestTime = 10, fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> TestableObservable<Element> {
        createColdObservable(
            parsedMarbles(fileID: fileID, file: file, line: line, column: column) {
                try MarbleTimeline.coldEvents(
                    marbles, values: values, errors: errors, frame: frame, resolution: resolution)
            })
    }

    /// The diagram's events, or none after recording a test failure that says what is wrong (a
    /// stop would end the whole test process, and every other test's result with it).
    private func parsedMarbles<Element>(
        fileID: String, file: StaticString, line: UInt, column: UInt, _ parse: () throws -> [Recorded<Event<Element>>]
    ) -> [Recorded<Event<Element>>] {
        do {
            return try parse()
        } catch {
            reportTestFailure(
                "\(error)", file: file, line: line,
                sourceLocation: SourceLocation(fileID: fileID, file: file, line: line, column: column))
            return []
        }
    }
}

/// Draws recorded events as marble timelines for failure messages.
enum MarbleDrawing {
    /// "Expected" and "actual" timelines, aligned, with a caret under the first difference, and
    /// the events around it. Without a grid (`frame`, `zero`), one is chosen that fits both.
    static func difference<Element: Equatable>(
        expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>], values: [Character: Element] = [:],
        frame: TestTime? = nil, zero: TestTime? = nil
    ) -> String {
        let times = (expected + actual).map(\.time)
        let zero = zero ?? min(times.min() ?? TestScheduler.Defaults.subscribed, TestScheduler.Defaults.subscribed)
        let frame = frame ?? max(1, times.reduce(0) { gcd($0, $1 - zero) })
        var symbols = Symbols<Element>(values: values)
        let expectedLine = draw(expected, symbols: &symbols, frame: frame, zero: zero)
        let actualLine = draw(actual, symbols: &symbols, frame: frame, zero: zero)
        let index =
            zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, actual.count)
        let expectedEvent = index < expected.count ? expected[index] : nil
        let actualEvent = index < actual.count ? actual[index] : nil
        let time = [expectedEvent?.time, actualEvent?.time].compactMap { $0 }.min() ?? zero
        var lines = ["Recorded events differ (\(frame) ticks per character, time zero \(zero)):"]
        lines.append("  expected: " + (expectedLine.text ?? "(not drawable on this grid)"))
        lines.append("  actual:   " + (actualLine.text ?? "(not drawable on this grid)"))
        if let column = expectedLine.columns[time] ?? actualLine.columns[time] {
            lines.append("            " + String(repeating: " ", count: column) + "^")
        }
        func describe(_ event: Recorded<Event<Element>>?) -> String {
            event.map { "\($0.value) at \($0.time)" } ?? "nothing"
        }
        // An expected event at or after the time `start` disposed the subscription can never come.
        var missing = describe(actualEvent)
        let disposal = TestScheduler.lastStartDisposal.load(ordering: .relaxed)
        if actualEvent == nil, let expectedEvent, expectedEvent.time >= disposal {
            missing += " (subscription disposed at \(disposal))"
        }
        lines.append(
            "  first difference at \(time): expected \(describe(expectedEvent)), actual \(missing)")
        if !symbols.legend.isEmpty {
            lines.append("  where " + symbols.legend.map { "\($0.symbol) = \($0.value)" }.joined(separator: ", "))
        }
        lines.append("  expected events: \(expected)")
        lines.append("  actual events:   \(actual)")
        return lines.joined(separator: "\n")
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? abs(a) : gcd(b, a % b)
    }

    /// Symbols for drawn elements: the diagram's own, then fresh ones (listed in a legend).
    struct Symbols<Element: Equatable> {
        let values: [Character: Element]
        private(set) var legend: [(symbol: Character, value: String)] = []
        private var fresh = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789").makeIterator()

        init(values: [Character: Element]) {
            self.values = values
        }

        mutating func symbol(for element: Element) -> Character {
            if let known = values.first(where: { $0.value == element })?.key { return known }
            let description = "\(element)"
            if description.count == 1, let only = description.first, values[only] == nil,
                !"-()|#^! ".contains(only)
            {
                return only
            }
            if let drawn = legend.first(where: { $0.value == description }) { return drawn.symbol }
            let next = fresh.next() ?? "?"
            legend.append((next, description))
            return next
        }
    }

    /// A timeline drawn on the grid (`nil` when an event falls between frames, before time zero
    /// by more than the line can show, or inside a group's width), and the column of each time.
    static func draw<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], symbols: inout Symbols<Element>, frame: TestTime, zero: TestTime
    ) -> (text: String?, columns: [TestTime: Int]) {
        let frames = events.map { ($0.time - zero).quotientAndRemainder(dividingBy: frame) }
        guard frames.allSatisfy({ $0.remainder == 0 && $0.quotient >= 0 && $0.quotient <= 150 }) else {
            return (nil, [:])
        }
        var text = ""
        var columns: [TestTime: Int] = [:]
        var index = 0
        while index < events.count {
            let target = frames[index].quotient
            guard text.count <= target else { return (nil, [:]) }
            text += String(repeating: "-", count: target - text.count)
            columns[events[index].time] = text.count
            var group: [String] = []
            while index < events.count && frames[index].quotient == target {
                switch events[index].value {
                case .next(let element): group.append(String(symbols.symbol(for: element)))
                case .error: group.append("#")
                case .completed: group.append("|")
                }
                index += 1
            }
            text += group.count == 1 ? group[0] : "(" + group.joined() + ")"
        }
        return (text, columns)
    }
}

/// What is wrong when recorded events or subscriptions do not match a diagram: `nil` when they
/// match, otherwise the failure message (a malformed diagram's, or the two timelines drawn).
enum MarbleCheck {
    static func events<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], marbles: String, values: [Character: Element],
        errors: [Character: Swift.Error], frame: TestTime, resolution: Double, subscribed: TestTime
    ) -> String? {
        let expected: [Recorded<Event<Element>>]
        do {
            expected = try Recorded.events(
                marbles, values: values, errors: errors, frame: frame, resolution: resolution, subscribed: subscribed)
        } catch {
            return "\(error)"
        }
        if actual == expected { return nil }
        return MarbleDrawing.difference(
            expected: expected, actual: actual, values: values, frame: frame, zero: subscribed)
    }

    static func events<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>]
    ) -> String? {
        actual == expected ? nil : MarbleDrawing.difference(expected: expected, actual: actual)
    }

    static func subscriptions(
        _ actual: [Subscription], marbles: [String], frame: TestTime, resolution: Double, subscribed: TestTime
    ) -> String? {
        var expected: [Subscription] = []
        do {
            for diagram in marbles {
                expected += try Subscription.subscriptions(
                    diagram, frame: frame, resolution: resolution, subscribed: subscribed)
            }
        } catch {
            return "\(error)"
        }
        if actual == expected { return nil }
        func draw(_ subscriptions: [Subscription]) -> String {
            subscriptions.map { subscription -> String in
                let start = subscription.subscribe - subscribed
                let end = subscription.unsubscribe == Int.max ? nil : subscription.unsubscribe - subscribed
                guard start >= 0, start % frame == 0, (end ?? 0) % frame == 0, (end ?? start) >= start,
                    (end ?? start) / frame <= 150
                else { return "\(subscription)" }
                var line = String(repeating: "-", count: start / frame) + "^"
                if let end { line += String(repeating: "-", count: end / frame - start / frame - 1) + "!" }
                return line
            }.joined(separator: "\n            ")
        }
        return """
            Subscriptions differ (\(frame) ticks per character, time zero \(subscribed)):
              expected: \(draw(expected))
              actual:   \(draw(actual))
              expected subscriptions: \(expected)
              actual subscriptions:   \(actual)
            """
    }
}

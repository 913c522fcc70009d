import Foundation
import RxSwift
import RxTest

// The text diagrams of the doc comments, checked against the operators they document.
//
// Every code block of a doc comment or a documentation article opened by a bare ```` ``` ````
// fence is a text diagram: one
// timeline per line, `label:` then the timeline. The first line's timeline starts at column zero
// (the subscription); each character is one tick. In a timeline:
//
// - `-` is a tick without an event; `|` completion; `#` an error; `…` (last) "and so on";
// - any other run of characters is one element, at the column of its first character (brackets
//   inside it may hold anything: `[1,2]`, `next(1)`, `User(id: 1)`);
// - `(a b|)` is a group: events at the column of its `(`, separated by spaces.
//
// `TextDiagrams.all` says for each diagram how its lines come about: which are inputs, and what
// operator draws the others. Each is run on a `TestScheduler` (a tick is 10 of its units), and the
// drawn lines must be what happened. Each is run twice more with every input event a tenth of a
// tick earlier, then later: a diagram whose output changes has an input that ties with a timer.

/// One event of a timeline: where, and what (`|` and `#` are the terminals).
struct TimelineEvent: Equatable {
    let column: Int
    let text: String
    var isTerminal: Bool { text == "|" || text == "#" }
}

/// One line of a text diagram, parsed.
struct Timeline {
    let label: String
    let events: [TimelineEvent]
    /// Where the timeline's own characters end, relative to the diagram's column zero.
    let length: Int
    /// Whether it ends in `…`: what happens from `length - 1` on is not drawn.
    let open: Bool

    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `text` (a doc-comment line without its `///`), whose timeline starts at column
    /// `origin` (nil: this is the first line, which sets it).
    static func parse(_ text: String, origin: inout Int?) throws -> Timeline {
        let characters = Array(text)
        var depth = 0
        var colon: Int?
        for (index, character) in characters.enumerated() {
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if character == ":", depth == 0, index + 1 < characters.count, characters[index + 1] == " " {
                colon = index
                break
            }
        }
        guard let colon else { throw SyntaxError(description: "`\(text)` has no `label: ` before its timeline") }
        let label = String(characters[..<colon])
        guard let start = characters[(colon + 1)...].firstIndex(where: { $0 != " " }) else {
            throw SyntaxError(description: "`\(text)` has no timeline")
        }
        let zero = origin ?? start
        origin = zero
        guard start >= zero else {
            throw SyntaxError(
                description: "`\(label)` starts \(zero - start) column(s) before the first line's timeline")
        }
        var events: [TimelineEvent] = []
        var index = start
        var open = false
        func fail(_ why: String) -> SyntaxError {
            SyntaxError(description: "`\(label)`, column \(index - zero): \(why)")
        }
        /// An element's text from `index`: up to a separator outside brackets.
        func element() throws -> String {
            var depth = 0
            var token = ""
            while index < characters.count {
                let character = characters[index]
                if depth == 0, "-|#… )".contains(character) { break }
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
                token.append(character)
                index += 1
            }
            guard depth == 0 else { throw fail("unbalanced brackets in `\(token)`") }
            return token
        }
        while index < characters.count {
            let column = index - zero
            if let last = events.last, last.isTerminal { throw fail("nothing may follow `\(last.text)`") }
            switch characters[index] {
            case "-":
                index += 1
            case "|", "#":
                events.append(TimelineEvent(column: column, text: String(characters[index])))
                index += 1
            case "…":
                guard index == characters.count - 1 else { throw fail("`…` ends a timeline") }
                open = true
                index += 1
            case "(":
                index += 1
                var members: [String] = []
                while index < characters.count, characters[index] != ")" {
                    if characters[index] == " " {
                        index += 1
                    } else if "|#".contains(characters[index]) {
                        members.append(String(characters[index]))
                        index += 1
                    } else {
                        let token = try element()
                        guard !token.isEmpty else { throw fail("unexpected `\(characters[index])` in a group") }
                        members.append(token)
                    }
                }
                guard index < characters.count, !members.isEmpty else { throw fail("a group without `)` or events") }
                index += 1
                events += members.map { TimelineEvent(column: column, text: $0) }
            case " ":
                throw fail("a space outside a group (a note belongs in the prose)")
            default:
                let token = try element()
                guard !token.isEmpty else { throw fail("unexpected `\(characters[index])`") }
                events.append(TimelineEvent(column: column, text: token))
            }
        }
        return Timeline(label: label, events: events, length: characters.count - zero, open: open)
    }

    /// Draws `events` the way a doc comment would, `length` columns long (`open`: ending in `…`).
    static func draw(_ events: [TimelineEvent], length: Int, open: Bool) -> String {
        var line = ""
        var byColumn: [(Int, [String])] = []
        for event in events {
            if let last = byColumn.last, last.0 == event.column {
                byColumn[byColumn.count - 1].1.append(event.text)
            } else {
                byColumn.append((event.column, [event.text]))
            }
        }
        for (column, texts) in byColumn {
            if line.count > column { line += "?" } // no room: the inputs need more space
            line += String(repeating: "-", count: max(0, column - line.count))
            let elements = texts.filter { $0 != "|" && $0 != "#" }.joined(separator: " ")
            let text = elements + texts.filter { $0 == "|" || $0 == "#" }.joined()
            line += texts.count == 1 ? text : "(" + text + ")"
        }
        let terminated = events.last?.isTerminal ?? false
        if !terminated { line += String(repeating: "-", count: max(0, length - (open ? 1 : 0) - line.count)) }
        return open && !terminated ? line + "…" : line
    }
}

/// A text diagram found in a source file.
struct TextDiagramBlock {
    let file: String
    let line: Int
    let timelines: [Timeline]
    var syntaxError: String?
    var labels: [String] { timelines.map(\.label) }

    /// The diagrams of every doc comment and article under `directory` (paths relative to `root`).
    static func all(under directory: URL, root: URL) throws -> [TextDiagramBlock] {
        var blocks: [TextDiagramBlock] = []
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" || $0.pathExtension == "md" }
            .sorted { $0.path < $1.path } ?? []
        for url in files {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let article = url.pathExtension == "md"
            var open: (line: Int, bare: Bool, text: [String])?
            for (number, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard article || trimmed.hasPrefix("///") else {
                    open = nil
                    continue
                }
                let content =
                    article
                    ? line
                    : trimmed.dropFirst(3).hasPrefix(" ") ? String(trimmed.dropFirst(4)) : String(trimmed.dropFirst(3))
                if content.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    if let block = open {
                        if block.bare {
                            var origin: Int?
                            do {
                                let timelines = try block.text.map { try Timeline.parse($0, origin: &origin) }
                                blocks.append(TextDiagramBlock(file: relative, line: block.line, timelines: timelines))
                            } catch {
                                blocks.append(
                                    TextDiagramBlock(
                                        file: relative, line: block.line, timelines: [], syntaxError: "\(error)"))
                            }
                        }
                        open = nil
                    } else {
                        let language = content.trimmingCharacters(in: .whitespaces).dropFirst(3)
                        open = (number + 1, language.isEmpty, [])
                    }
                } else if open != nil {
                    open?.text.append(content)
                }
            }
        }
        return blocks
    }
}

/// How a text diagram comes about: the operator applied to its input lines.
struct TextDiagram: Sendable {
    /// The source file (its name) whose diagram this is.
    let file: String
    /// A label of one of the diagram's lines, telling it from the file's other diagrams.
    let line: String
    /// Whether an input may tie with a timer (the tie is the point of the diagram).
    let ties: Bool
    let build: @Sendable (TextDiagramRun) -> Void

    init(_ file: String, _ line: String, ties: Bool = false, build: @escaping @Sendable (TextDiagramRun) -> Void) {
        self.file = file
        self.line = line
        self.ties = ties
        self.build = build
    }

    /// What is wrong with `block` (nil: nothing).
    func check(_ block: TextDiagramBlock) -> String? {
        let base = TextDiagramRun(block, shift: 0)
        build(base)
        if let problem = base.finish() { return problem }
        guard !ties else { return nil }
        for shift in [-1, 1] {
            let shifted = TextDiagramRun(block, shift: shift)
            build(shifted)
            if let problem = shifted.finish() {
                let when = shift < 0 ? "earlier" : "later"
                return "an input ties with a timer (with the inputs a tenth of a tick \(when): \(problem))"
            }
        }
        return nil
    }
}

/// One run of a text diagram: the scheduler, its inputs and what the operator did.
final class TextDiagramRun {
    /// Virtual time units per tick (a column of the diagram).
    static let unitsPerTick = 10
    /// The scheduler: `.seconds(n)` is `n` ticks.
    let scheduler = TestScheduler(initialClock: 0, resolution: 1 / Double(TextDiagramRun.unitsPerTick))
    private let block: TextDiagramBlock
    private let shift: Int
    private var used: Set<String> = []
    private var recorded: [String: [TimelineEvent]] = [:]
    private var subscriptions = CompositeDisposable()
    private var emissions: [() -> Void] = []
    private var problems: [String] = []

    fileprivate init(_ block: TextDiagramBlock, shift: Int) {
        self.block = block
        self.shift = shift
    }

    private var end: TestTime { ((block.timelines.map(\.length).max() ?? 0) + 2) * Self.unitsPerTick }

    private func timeline(_ label: String) -> Timeline {
        guard let timeline = block.timelines.first(where: { $0.label == label }) else {
            problems.append("no line is labelled `\(label)`")
            return Timeline(label: label, events: [], length: 0, open: false)
        }
        used.insert(label)
        return timeline
    }

    private func time(of event: TimelineEvent) -> TestTime {
        event.column * Self.unitsPerTick + (event.column > 0 ? shift : 0)
    }

    private static func event(_ event: TimelineEvent) -> Event<String> {
        switch event.text {
        case "|": .completed
        case "#": .error(TextDiagramError())
        default: .next(event.text)
        }
    }

    /// The line `label` as a hot sequence: its events at their columns, whoever listens.
    func hot(_ label: String) -> Observable<String> {
        let events = timeline(label).events
        let subject = PublishSubject<String>()
        // Scheduled when the run starts, after the subscriptions of the same instant.
        emissions.append { [scheduler] in
            for event in events {
                scheduler.scheduleAt(self.time(of: event)) { subject.on(Self.event(event)) }
            }
        }
        return subject.asObservable()
    }

    /// The line `label` as a cold sequence: each subscription gets its events at their columns
    /// counted from the subscription.
    func cold(_ label: String) -> Observable<String> {
        let events = timeline(label).events.map { Recorded(time: time(of: $0), value: Self.event($0)) }
        return scheduler.createColdObservable(events).asObservable()
    }

    /// One hot line per subscription: the first subscription gets `labels[0]`, the next `labels[1]`…
    func resubscriptions(_ labels: [String]) -> Observable<String> {
        let sources = labels.map(hot)
        var count = 0
        return Observable.deferred {
            count += 1
            return sources[min(count, sources.count) - 1]
        }
    }

    /// Subscribes to `sequence` at column `column` and checks what it emits against line `label`.
    func expect<Element>(
        _ label: String, _ sequence: Observable<Element>, at column: Int = 0,
        describe: @escaping (Element) -> String = { "\($0)" }
    ) {
        let expected = timeline(label)
        recorded[label] = []
        let subscribe = {
            _ = self.subscriptions.insert(
                sequence.subscribe { event in self.record(label, event.map(describe)) })
        }
        if column == 0 {
            subscribe()
        } else {
            scheduler.scheduleAt(column * Self.unitsPerTick - 2, action: subscribe)
        }
        _ = expected
    }

    /// Checks a sequence of sequences: line `label` names each inner sequence (its elements),
    /// and the line labelled with that name is what the inner sequence emits from the moment it
    /// is emitted.
    func expectSequences(_ label: String, _ sequence: Observable<Observable<String>>) {
        let names = timeline(label).events.filter { !$0.isTerminal }.map(\.text)
        recorded[label] = []
        var count = 0
        _ = subscriptions.insert(
            sequence.subscribe { event in
                guard case .next(let inner) = event else {
                    self.record(label, event.map { _ in "" })
                    return
                }
                let name = count < names.count ? names[count] : "sequence \(count + 1)"
                count += 1
                self.record(label, .next(name))
                _ = self.timeline(name)
                self.recorded[name] = []
                _ = self.subscriptions.insert(inner.subscribe { self.record(name, $0) })
            })
    }

    private func record(_ label: String, _ event: Event<String>) {
        let time = scheduler.clock
        let column = Int((Double(time) / Double(Self.unitsPerTick)).rounded())
        if time % Self.unitsPerTick == Self.unitsPerTick / 2 {
            problems.append("`\(label)` emits half-way between two ticks")
        }
        let text: String
        switch event {
        case .next(let element): text = element
        case .completed: text = "|"
        case .error: text = "#"
        }
        recorded[label, default: []].append(TimelineEvent(column: column, text: text))
    }

    /// Runs the scheduler to two ticks after the longest line, then compares.
    fileprivate func finish() -> String? {
        emissions.forEach { $0() }
        let subscriptions = subscriptions
        scheduler.scheduleAt(end) {
            subscriptions.dispose()
            self.scheduler.stop()
        }
        scheduler.start()
        for timeline in block.timelines where !used.contains(timeline.label) {
            problems.append("line `\(timeline.label)` is neither an input nor checked")
        }
        for (label, actual) in recorded.sorted(by: { $0.key < $1.key }) {
            guard let expected = block.timelines.first(where: { $0.label == label }) else { continue }
            let shown = expected.open ? actual.filter { $0.column < expected.length - 1 } : actual
            if shown != expected.events {
                let drawn = Timeline.draw(shown, length: expected.length, open: expected.open)
                problems.append("`\(label)` should be `\(drawn)`")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}

/// The error a `#` of an input stands for.
struct TextDiagramError: Error {}

extension TextDiagramRun {
    /// The line `label` as hot integers.
    func ints(_ label: String) -> Observable<Int> { hot(label).map { Int($0) ?? 0 } }
}

enum TextDiagramCheck {
    /// Checks every text diagram of the library's sources: the problems, one line each.
    static func problems(root: URL) -> [String] {
        let blocks: [TextDiagramBlock]
        do {
            blocks = try TextDiagramBlock.all(under: root.appendingPathComponent("Sources"), root: root)
        } catch {
            return ["\(error)"]
        }
        var problems: [String] = []
        var matched = Set<Int>()
        for block in blocks {
            if let syntaxError = block.syntaxError {
                problems.append("\(block.file):\(block.line): \(syntaxError)")
                continue
            }
            let name = URL(fileURLWithPath: block.file).lastPathComponent
            let candidates = TextDiagrams.all.enumerated().filter {
                $0.element.file == name && block.labels.contains($0.element.line)
            }
            guard candidates.count == 1, let (entry, diagram) = candidates.first else {
                problems.append(
                    "\(block.file):\(block.line): \(candidates.isEmpty ? "no" : "more than one") entry of TextDiagrams.all says how this diagram comes about"
                )
                continue
            }
            matched.insert(entry)
            if let problem = diagram.check(block) { problems.append("\(block.file):\(block.line): \(problem)") }
        }
        for (index, diagram) in TextDiagrams.all.enumerated() where !matched.contains(index) {
            problems.append("TextDiagrams.all: no diagram of \(diagram.file) has a line `\(diagram.line)`")
        }
        return problems
    }
}

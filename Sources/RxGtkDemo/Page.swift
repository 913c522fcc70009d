import Foundation
import RxAdw
import RxCocoa
import RxGtk
import RxSwift

/// One example of the gallery: its widgets, laid out under a title and a description, and what
/// the tests need to drive it (named widgets, a state read back from the widgets, a scripted
/// run for screenshots).
@MainActor
final class Page {
    let name: String
    let title: String
    let root: Box
    let disposeBag = DisposeBag()
    /// Widgets the tests click or type into, by name.
    private(set) var targets: [(name: String, widget: Widget)] = []
    /// What the page shows, read back from its widgets, as `key=value` pairs.
    var state: () -> String = { "" }
    /// What a user would do first, for headless screenshots (`--play`).
    var play: () -> Void = {}
    /// Whether the page shows what `play` leads to, with nothing still on its way (a request in
    /// flight, text still being typed): `--play` reports SETTLED once this has held for half a
    /// second, and `scripts/demo.sh` takes its screenshot then.
    var settled: () -> Bool = { true }

    /// A page titled `title`, described by `summary`, showing `content`.
    init(name: String, title: String, summary: String, content: [Widget]) {
        self.name = name
        self.title = title
        let heading = Label(title).styled("title-1")
        let description = Label(summary).styled("dim-label")
        heading.alignStart()
        description.xAlign = 0
        description.wraps = true
        description.maximumWidthInCharacters = 80
        root = Box(spacing: 18, [heading, description] + content)
        root.margins(top: 24, bottom: 24, start: 32, end: 32)
        // A readable width on wide windows: the page keeps its width and centres.
        root.minimumSize = (600, -1)
        root.layout(expandHorizontally: false, horizontal: .center)
    }

    /// Registers `widget` as `name` for the tests; returns it.
    @discardableResult
    func target<W: Widget>(_ name: String, _ widget: W) -> W {
        targets.append((name, widget))
        return widget
    }
}

/// A labelled form row: a caption above a field, with a message under it.
@MainActor
func formField(_ caption: String, _ field: Widget, message: Label? = nil) -> Box {
    let label = Label(caption).styled("heading")
    label.alignStart()
    message?.alignStart()
    message?.styled("caption")
    return Box(spacing: 6, [label, field] + (message.map { [$0] } ?? []))
}

extension Label {
    /// Left-aligns the text.
    func alignStart() {
        layout(horizontal: .start)
        xAlign = 0
    }
}

extension Reactive where Base: Widget {
    /// Adds (true) or removes (false) the CSS class `name`.
    func style(_ name: String) -> Binder<Bool> {
        Binder(base) { widget, on in
            if on { widget.styled(name) } else { widget.removeStyle(name) }
        }
    }
}

/// Runs `action` after `seconds` on the main queue (scripted runs).
func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { MainActor.assumeIsolated(action) }
}

/// Runs `action` on the main queue once `condition` holds (checked every 50 ms from now), for a
/// scripted step that needs the page in some state (a page loaded, a button enabled): a fixed
/// delay acts too early on a busy machine, and the action is then lost. `meanwhile` runs before
/// each check, for a step the page may ignore until it is ready (a scroll before the list has
/// laid its rows out). When `condition` has not held after 30 s, says
/// `STALLED page=<page> waiting for <what>` instead (`scripts/demo.sh` reports it).
@MainActor
func when(
    _ what: String, on page: String, _ condition: @escaping @MainActor () -> Bool,
    meanwhile attempt: @escaping @MainActor () -> Void = {}, then action: @escaping @MainActor () -> Void
) {
    let deadline = Date().addingTimeInterval(30)
    func check() {
        attempt()
        if condition() { return action() }
        guard Date() < deadline else { return say("STALLED page=\(page) waiting for \(what)") }
        after(0.05, check)
    }
    check()
}

/// Types `text` into `entry` one character at a time, starting after `start` seconds.
@MainActor
func typeSlowly(_ text: String, into entry: Entry, from start: Double) {
    typeSlowly(text, from: start) { entry.text += $0 }
}

/// Types `text` into `row` one character at a time, starting after `start` seconds.
@MainActor
func typeSlowly(_ text: String, into row: EntryRow, from start: Double) {
    typeSlowly(text, from: start) { row.text += $0 }
}

/// Calls `type` with each character of `text`, one every 80 ms from `start` seconds.
@MainActor
private func typeSlowly(_ text: String, from start: Double, _ type: @escaping @MainActor (String) -> Void) {
    for (index, character) in text.enumerated() {
        after(start + 0.08 * Double(index)) { type(String(character)) }
    }
}

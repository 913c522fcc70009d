import Foundation
import RxSwift
import Synchronization

/// What the samples printed: in this target, `print` records its line here (and does not write
/// it), so that a sample can read as it would in an app while its test checks the output.
let printedLines = Locked<[String]>([])

/// Records one line, as `Swift.print` would have written it.
func print(_ items: Any..., separator: String = " ") {
    let line = items.map { "\($0)" }.joined(separator: separator)
    printedLines.withLock { $0.append(line) }
}

/// The lines printed since the last call.
func takePrinted() -> [String] {
    printedLines.withLock { lines in
        defer { lines.removeAll() }
        return lines
    }
}

/// Runs the main run loop (which serves the main queue) until `count` lines were printed, for
/// samples that print from `MainScheduler` after a background hop; at most 5 seconds.
func waitUntilPrinted(_ count: Int) {
    let deadline = Date().addingTimeInterval(5)
    while printedLines.withLock({ $0.count }) < count, Date() < deadline {
        RunLoop.current.run(until: Date().addingTimeInterval(0.01))
    }
}

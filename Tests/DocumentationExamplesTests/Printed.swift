import Synchronization

/// What the samples printed: in this target, `print` records its line here (and does not write
/// it), so that a sample can read as it would in an app while its test checks the output.
let printedLines = Mutex<[String]>([])

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

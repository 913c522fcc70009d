import Foundation

// Generates the marble diagrams of the documentation: each operator of `Diagrams.all` runs on
// virtual time over its fixed inputs, and what it emitted is drawn. The pictures and the
// documentation extensions that show them go to each module's catalog: RxSwift's (Observable's
// and Infallible's operators) and RxCocoa's (Driver's and Signal's).
//
//   swift run MarbleDiagrams           writes the files (and removes ones no diagram makes)
//   swift run MarbleDiagrams --check   exits 1, listing them, if the files differ from the output

let check = CommandLine.arguments.dropFirst().contains("--check")
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A catalog's share of the diagrams: which pages of its module show each one, and whether it
/// has every picture (RxSwift's articles show some that no operator page does).
struct Output {
    let module: String
    var everyPicture = false
    let pages: (Diagram) -> [String]
    var directory: URL { root.appendingPathComponent("Sources/\(module)/\(module).docc/Marbles") }
}

let outputs = [
    Output(module: "RxSwift", everyPicture: true) { $0.symbols + (Diagrams.infalliblePages[$0.name] ?? []) },
    Output(module: "RxCocoa") {
        (Diagrams.sharedSequencePages[$0.name] ?? []) + (Diagrams.deliveryPages[$0.name] ?? [])
    },
]

var pictures: [String: String] = [:]
var failed = false
for diagram in Diagrams.all {
    precondition(pictures[diagram.name] == nil, "two diagrams are named \(diagram.name)")
    do {
        pictures[diagram.name] = try await diagram.render()
    } catch {
        FileHandle.standardError.write(Data("error: diagram \(diagram.name): \(error)\n".utf8))
        failed = true
    }
}
if failed { exit(1) }

var differences: [String] = []
var pageCount = 0
for output in outputs {
    var files: [String: String] = [:]
    for diagram in Diagrams.all {
        let pages = output.pages(diagram)
        guard !pages.isEmpty || output.everyPicture else { continue }
        files["marble-\(diagram.name).svg"] = pictures[diagram.name]
        for symbol in pages {
            let file = symbol.replacingOccurrences(of: "/", with: "_").filter {
                $0.isLetter || $0.isNumber || $0 == "_"
            }
            precondition(files["\(file).md"] == nil, "\(symbol) has two diagrams")
            files["\(file).md"] = diagram.extensionFile(for: symbol, in: output.module)
        }
        pageCount += pages.count
    }
    let directory = output.directory
    let existing = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
        let url = directory.appendingPathComponent(name)
        if (try? String(contentsOf: url, encoding: .utf8)) == contents { continue }
        differences.append("\(output.module): \(name)")
        if !check {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }
    for name in existing.subtracting(files.keys).sorted() {
        differences.append("\(output.module): \(name) (no longer generated)")
        if !check { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }
}

// The text diagrams of the doc comments cannot be written, only checked.
let textProblems = TextDiagramCheck.problems(root: root)
if !textProblems.isEmpty {
    print("error: text diagrams of doc comments differ from what their operators do (TextDiagram.swift):")
    textProblems.forEach { print("  \($0)") }
    exit(1)
}

let diagramCount = Diagrams.all.count
if check {
    if differences.isEmpty {
        print(
            "marble diagrams: \(diagramCount) diagrams on \(pageCount) pages, all up to date; \(TextDiagrams.all.count) text diagrams checked"
        )
    } else {
        print("error: marble diagrams differ from their generator; run `swift run MarbleDiagrams` and commit:")
        differences.forEach { print("  \($0)") }
        exit(1)
    }
} else {
    print(
        "marble diagrams: \(diagramCount) diagrams on \(pageCount) pages, \(differences.count) files written or removed"
    )
}

import Foundation

// Generates the marble diagrams of RxSwift's documentation: each operator of `Diagrams.all` runs
// on virtual time over its fixed inputs, and what it emitted is drawn. The pictures and the
// documentation extensions that show them go to Sources/RxSwift/RxSwift.docc/Marbles.
//
//   swift run MarbleDiagrams           writes the files (and removes ones no diagram makes)
//   swift run MarbleDiagrams --check   exits 1, listing them, if the files differ from the output

let check = CommandLine.arguments.dropFirst().contains("--check")
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let directory = root.appendingPathComponent("Sources/RxSwift/RxSwift.docc/Marbles")

var files: [String: String] = [:]
for diagram in Diagrams.all {
    precondition(files["marble-\(diagram.name).svg"] == nil, "two diagrams are named \(diagram.name)")
    do {
        files["marble-\(diagram.name).svg"] = try diagram.render()
    } catch {
        FileHandle.standardError.write(Data("error: diagram \(diagram.name): \(error)\n".utf8))
        exit(1)
    }
    for symbol in diagram.symbols + (Diagrams.infalliblePages[diagram.name] ?? []) {
        let file = symbol.replacingOccurrences(of: "/", with: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" }
        precondition(files["\(file).md"] == nil, "\(symbol) has two diagrams")
        files["\(file).md"] = diagram.extensionFile(for: symbol)
    }
}

let existing = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
var differences: [String] = []
for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
    let url = directory.appendingPathComponent(name)
    if (try? String(contentsOf: url, encoding: .utf8)) == contents { continue }
    differences.append(name)
    if !check {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }
}
for name in existing.subtracting(files.keys).sorted() {
    differences.append(name + " (no longer generated)")
    if !check { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
}

let diagramCount = Diagrams.all.count
let pageCount = files.keys.filter { $0.hasSuffix(".md") }.count
if check {
    if differences.isEmpty {
        print("marble diagrams: \(diagramCount) diagrams on \(pageCount) pages, all up to date")
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

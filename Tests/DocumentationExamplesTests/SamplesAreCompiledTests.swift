import Foundation
import TestSupport
import XCTest

/// Every ```swift block of README.md and of the documentation's articles (`Sources/*/*.docc`)
/// must appear, line for line (indentation, blank lines and `import` lines aside), in code that
/// is compiled and run: this target, the Quick start program, the GTK gallery (and its view
/// models), RxGtk's tests and the `Examples/SearchScreen` and `Examples/LiveFeed` packages (built
/// and tested by CI).
/// The README's package manifest is built by `scripts/check-client.sh`.
final class SamplesAreCompiledTests: RxTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func lines(of path: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func swiftFiles(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            .map { directory + "/" + $0 }
    }

    /// The documentation's articles and landing pages (not the generated marble extensions).
    private var articles: [String] {
        let sources = root.appendingPathComponent("Sources").path
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return modules.sorted().flatMap { module -> [String] in
            let catalog = "Sources/\(module)/\(module).docc"
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path))
            return (files ?? []).filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
        }
    }

    private func swiftBlocks(in path: String) throws -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in try lines(of: path) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    private func assertCompiled(_ documents: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let sources = try
            (swiftFiles(under: "Tests/DocumentationExamplesTests") + swiftFiles(under: "Tests/RxGtkTests")
            + swiftFiles(under: "Examples/SearchScreen/Sources/SearchScreen")
            + swiftFiles(under: "Examples/SearchScreen/Tests/SearchScreenTests")
            + swiftFiles(under: "Examples/LiveFeed/Sources/LiveFeedCore")
            + swiftFiles(under: "Sources/RxGtkDemo") + swiftFiles(under: "Sources/GalleryModels") + [
                "Tests/ReadmeQuickStart/main.swift"
            ])
            .map { try lines(of: $0).filter { !$0.isEmpty } }
        for document in documents {
            for block in try swiftBlocks(in: document) where block.first?.hasPrefix("// swift-tools-version") != true {
                let code = block.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
                let found = sources.contains { source in
                    source.indices.contains { start in
                        start + code.count <= source.count && Array(source[start..<start + code.count]) == code
                    }
                }
                XCTAssertTrue(
                    found, "\(document): sample not found in compiled code:\n" + code.joined(separator: "\n"),
                    file: file, line: line)
            }
        }
    }

    func testEverySwiftBlockOfTheReadmeIsCompiledCode() throws {
        XCTAssertGreaterThanOrEqual(try swiftBlocks(in: "README.md").count, 5, "the README's samples were not found")
        try assertCompiled(["README.md"])
    }

    /// CONTRIBUTING.md's bug-report example and the issue template's.
    func testEverySwiftBlockOfTheContributorDocumentsIsCompiledCode() throws {
        try assertCompiled(["CONTRIBUTING.md", ".github/ISSUE_TEMPLATE/bug_report.md"])
    }

    func testEverySwiftBlockOfTheDocumentationIsCompiledCode() throws {
        let documents = articles
        XCTAssertGreaterThanOrEqual(documents.count, 16, "the documentation's articles were not found")
        XCTAssertGreaterThanOrEqual(
            try documents.map { try swiftBlocks(in: $0).count }.reduce(0, +), 30, "the articles' samples were not found"
        )
        try assertCompiled(documents)
    }

    /// The samples run under the leak check: every test case of this target is an `RxTestCase`
    /// (`Resources.total` back to where it was), so a sample that leaks fails (the Observation
    /// article's screens once kept themselves alive). The one exception is shown verbatim as an
    /// `XCTestCase` in an article, and makes no subscription that outlives its test.
    func testEverySampleRunsUnderTheLeakCheck() {
        let exceptions: Set<String> = ["SearchTests"]
        var unchecked: [String] = []
        for path in swiftFiles(under: "Tests/DocumentationExamplesTests") {
            for line in (try? lines(of: path)) ?? [] where line.hasPrefix("final class ") {
                let declaration = line.dropFirst("final class ".count)
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                let name = String(declaration[..<colon])
                let base = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if base.hasPrefix("XCTestCase") || base.hasPrefix("TimeLimitedTestCase"), !exceptions.contains(name) {
                    unchecked.append("\(path): \(name)")
                }
            }
        }
        XCTAssertEqual(
            unchecked, [], "test cases of documentation samples without the leak check (make them RxTestCase)")
    }

}

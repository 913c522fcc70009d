import Foundation
import XCTest

/// Every ```swift block of README.md must appear, line for line (indentation aside, `import`
/// lines aside), in this target's sources, the Quick start program or the GTK demo: the samples
/// are compiled and run. The package manifest sample is built by `scripts/check-client.sh`.
final class ReadmeSamplesAreCompiledTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func lines(of path: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testEverySwiftBlockOfTheReadmeIsCompiledCode() throws {
        let readme = try lines(of: "README.md")
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        XCTAssertGreaterThanOrEqual(blocks.count, 5, "the README's samples were not found")
        let sources = try [
            "Tests/ReadmeExamplesTests/ReadmeExamples.swift",
            "Tests/ReadmeQuickStart/main.swift",
            "Sources/RxGtkDemo/main.swift",
        ].map { try lines(of: $0).filter { !$0.isEmpty } }
        for block in blocks where block.first?.hasPrefix("// swift-tools-version") != true {
            let code = block.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            let found = sources.contains { source in
                source.indices.contains { start in
                    start + code.count <= source.count && Array(source[start..<start + code.count]) == code
                }
            }
            XCTAssertTrue(found, "README sample not found in compiled code:\n" + code.joined(separator: "\n"))
        }
    }
}

import Foundation
import TestSupport
import XCTest

/// Type-checks each program of `Tests/CompileFailures` against the modules built for these tests
/// and checks that it fails with exactly the errors it lists (`// expected-error:` lines).
final class CompileFailureTests: TimeLimitedTestCase {
    func testProgramsOpenRxRejectFailWithTheirErrors() throws {
        let products = builtProductsDirectory
        let modules = products.appendingPathComponent("Modules")
        let shimsModuleMap = products.appendingPathComponent("OpenRxShims.build/module.modulemap")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let programs = root.appendingPathComponent("Tests/CompileFailures")
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: modules.path)
                && FileManager.default.fileExists(atPath: shimsModuleMap.path),
            "the built modules are not next to the tests")
        let files = try FileManager.default.contentsOfDirectory(atPath: programs.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let path = programs.appendingPathComponent(file).path
            let source = try String(contentsOfFile: path, encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let settings = lines.first { $0.hasPrefix("// settings: ") }.map {
                $0.dropFirst("// settings: ".count).split(separator: " ").map(String.init)
            }
            let expected = lines.filter { $0.hasPrefix("// expected-error: ") }.map {
                String($0.dropFirst("// expected-error: ".count))
            }
            XCTAssertNotNil(settings, file)
            XCTAssertFalse(expected.isEmpty, file)
            let (status, printed) = try runToCompletion(
                URL(fileURLWithPath: "/usr/bin/env"),
                arguments: ["swiftc", "-typecheck"] + (settings ?? []) + [
                    "-I", modules.path, "-Xcc", "-fmodule-map-file=\(shimsModuleMap.path)", "-Xcc", "-I", "-Xcc",
                    root.appendingPathComponent("Sources/OpenRxShims/include").path, path,
                ])
            XCTAssertNotEqual(status, 0, "\(file) compiled")
            // "<path>:<line>:<column>: error: <message> [<group>]"
            let errors = printed.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix(path + ":"), let range = line.range(of: ": error: ") else { return nil }
                return String(line[range.upperBound...]).replacingOccurrences(
                    of: #" \[#\w+\]$"#, with: "", options: .regularExpression)
            }
            XCTAssertEqual(errors.sorted(), expected.sorted(), "\(file):\n\(printed)")
        }
    }
}

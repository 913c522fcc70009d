#if DEBUG && canImport(Runtime) && os(Linux)
import Runtime
#endif

/// Where the user's code that called into the library is, for debug warnings: the function and
/// the file and line of the first frame on the calling thread's stack outside the library's own
/// sources (`Sources/` of this package), read from the debug information. Only in Linux debug
/// builds (the toolchain's `Runtime` module); elsewhere, and without debug information, `nil`.
enum CallerPlace {
    #if DEBUG && canImport(Runtime) && os(Linux)
    /// The directory that holds the library's modules' sources (`…/Sources/`).
    private static let librarySources: Substring? = {
        let path = "\(#filePath)"
        guard let range = path.range(of: "/RxSwift/Internal/", options: .backwards) else { return nil }
        return path[..<range.lowerBound]
    }()

    /// The stack's return addresses (cheap: no symbols read), identifying a call site.
    static func stack() -> [UInt64] {
        guard let backtrace = try? Backtrace.capture(limit: 32, top: 0) else { return [] }
        return backtrace.frames.map { UInt64($0.adjustedProgramCounter) ?? 0 }
    }

    /// The mangled-name prefixes of the library's modules.
    private static let libraryModules = ["$s7RxSwift", "$s7RxRelay", "$s7RxCocoa"]

    /// "closure #1 in SearchViewModel.init() (/path/SearchViewModel.swift:14)", or `nil` when no
    /// frame outside the library has a symbol.
    ///
    /// The stack's names are read first (microseconds), and the source location of the first
    /// frame outside the library only: looking source locations up reads the image's line
    /// tables (about 20 ms a frame in a large test binary, 0.1 s for a whole stack).
    static func describe() -> String? {
        guard let librarySources, let stack = try? Backtrace.capture(limit: 32, top: 0),
            let named = stack.symbolicated(options: [])
        else { return nil }
        for (offset, frame) in named.frames.enumerated() {
            guard let symbol = frame.symbol, !frame.isSwiftThunk, !frame.isSystem,
                !libraryModules.contains(where: symbol.rawName.hasPrefix)
            else { continue }
            // The same frame, captured again from this function (so at the same offset), alone.
            guard let alone = try? Backtrace.capture(limit: 2, offset: offset, top: 0),
                let located = alone.symbolicated(options: [.showSourceLocations])?.frames.first,
                located.symbol?.rawName == symbol.rawName
            else { return symbol.name }
            guard let place = located.symbol?.sourceLocation else { return symbol.name }
            if place.path.hasPrefix(librarySources) { continue }
            return "\(symbol.name) (\(place.path):\(place.line))"
        }
        return nil
    }
    #else
    static func stack() -> [UInt64] { [] }
    static func describe() -> String? { nil }
    #endif
}

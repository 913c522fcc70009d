internal import OpenRxShims

#if DEBUG && canImport(Runtime) && os(Linux)
import Glibc
import Runtime
#endif

/// Where the user's code that called into the library is: the first frame on the calling
/// thread's stack outside the library's modules, with its function (from the symbol table) and
/// its file and line (from the debug information, read the first time they are asked for). For
/// debug warnings, and for the stages of a recording (``RxTrace/Stage/writtenAt``: where each
/// operator was written).
///
/// Finding it costs a walk of the frame pointers and a look-up in a table of the stacks already
/// seen (about 0.3 µs in a debug build); a stack seen for the first time is captured and its
/// names read (microseconds, tens of them in a large binary). The file and line cost more (the
/// image's line tables: about 20 ms a place in a large test binary), so they are read only when
/// a warning or a drawn recording needs them, once per place. Linux debug builds only (the
/// toolchain's `Runtime` module; in release builds ``numberHere()`` is not asked, see
/// `Producer.builtAt`), and not under valgrind; elsewhere ``here()`` is `nil`.
final class CallerPlace: Sendable, CustomStringConvertible {
    /// The caller's function ("closure #1 in SearchViewModel.init()").
    let function: String
    /// The caller's module, read from its function's mangled name (`$s3App…` is `App`).
    let module: String?

    #if DEBUG && canImport(Runtime) && os(Linux)
    /// The caller's frame alone (symbolicated for its source location when first asked).
    private let frame: Backtrace
    /// The file and line, once looked up (`nil` inside: looked up, not known).
    private let located = Locked<(path: String, line: Int)??>(nil)

    private init(function: String, rawName: String, frame: Backtrace) {
        self.function = function
        self.frame = frame
        module = Self.module(ofMangled: rawName)
    }

    /// The module a mangled Swift name (`$s` and a length-prefixed identifier) belongs to, or
    /// an executable's top-level code (`App_main`, as SwiftPM names it).
    private static func module(ofMangled rawName: String) -> String? {
        if rawName.hasSuffix("_main"), !rawName.hasPrefix("$") { return String(rawName.dropLast(5)) }
        guard rawName.hasPrefix("$s") else { return nil }
        let name = rawName.utf8.dropFirst(2)
        let digits = name.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let length = Int(Substring(digits)), length > 0 else { return nil }
        let identifier = name.dropFirst(digits.count).prefix(length)
        return identifier.count == length ? String(Substring(identifier)) : nil
    }
    #endif

    /// The file (its full path) and line of the call, when the debug information says.
    var sourceLocation: (path: String, line: Int)? {
        #if DEBUG && canImport(Runtime) && os(Linux)
        if let known = located.withLock({ $0 }) { return known }
        var found: (path: String, line: Int)?
        if let place = frame.symbolicated(with: Self.images, options: [.showSourceLocations])?.frames.first?.symbol?
            .sourceLocation, !Self.isInLibrary(place.path)
        {
            found = (place.path, place.line)
        }
        located.withLock { $0 = .some(found) }
        return found
        #else
        return nil
        #endif
    }

    /// "App/SearchViewModel.swift:14": the module, the file's name and the line, as `#fileID`
    /// and `#line` write a place; `nil` when the debug information does not say.
    var fileAndLine: String? {
        guard let (path, line) = sourceLocation else { return nil }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(module.map { "\($0)/" } ?? "")\(file):\(line)"
    }

    /// "closure #1 in SearchViewModel.init() (/path/SearchViewModel.swift:14)", or the function
    /// alone when the debug information does not say where.
    var description: String {
        guard let (path, line) = sourceLocation else { return function }
        return "\(function) (\(path):\(line))"
    }

    #if DEBUG && canImport(Runtime) && os(Linux)
    /// The places found, numbered from 1 in the order found, one per call site.
    private struct Table {
        /// The stacks seen (their innermost return addresses), each with the number of the place
        /// it was called from (0: no frame outside the library has a name). Emptied when it grows
        /// past 10,000.
        var seen: [SIMD16<UInt64>: UInt32] = [:]
        /// The places, the one numbered `n` at `n - 1`.
        var places: [CallerPlace] = []
        /// Each place's number, by the address of its call.
        var numbers: [UInt64: UInt32] = [:]
    }

    private static let table = Locked(Table())

    /// Whether the process runs under valgrind, whose own mappings the `Runtime` module cannot
    /// read (capturing the images stops the process there): then no place is noted.
    private static let isUnderValgrind: Bool = {
        guard let preloaded = getenv("LD_PRELOAD") else { return false }
        return String(cString: preloaded).contains("vgpreload")
    }()

    /// The images the process had when first asked (where code is, for capture and symbols).
    private static let images = ImageMap.capture()

    /// The directories of the library's modules' sources (`…/Sources/RxSwift/`, …), not the rest
    /// of `Sources/` (the package's demos are there too).
    private static let librarySources: [String] = {
        let path = "\(#filePath)"
        guard let range = path.range(of: "/RxSwift/Internal/", options: .backwards) else { return [] }
        let sources = path[..<range.lowerBound]
        return ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking"].map { "\(sources)/\($0)/" }
    }()

    /// The mangled-name prefixes of the library's modules.
    private static let libraryModules = ["$s7RxSwift", "$s7RxRelay", "$s7RxCocoa", "$s6RxTest", "$s10RxBlocking"]

    private static func isInLibrary(_ path: String) -> Bool {
        librarySources.contains { path.hasPrefix($0) }
    }

    /// The place the library was called from on this thread, or `nil` when no frame outside the
    /// library has a name.
    static func here() -> CallerPlace? {
        numbered(numberHere())
    }

    /// The place numbered `number` by ``numberHere()`` (`nil` for 0).
    static func numbered(_ number: UInt32) -> CallerPlace? {
        guard number > 0 else { return nil }
        return table.withLock { Int(number) <= $0.places.count ? $0.places[Int(number) - 1] : nil }
    }

    /// The number of the place the library was called from on this thread (0 when no frame
    /// outside the library has a name): what a sequence keeps, a plain word with nothing to
    /// release.
    @inline(never)
    static func numberHere() -> UInt32 {
        if isUnderValgrind { return 0 }
        var stack = SIMD16<UInt64>()
        let walked = withUnsafeMutableBytes(of: &stack) {
            openrx_return_addresses($0.baseAddress!.assumingMemoryBound(to: UInt.self), 16)
        }
        if walked > 0, let known = table.withLock({ $0.seen[stack] }) { return known }
        let found = capture()
        return table.withLock { table in
            var number: UInt32 = 0
            if let (place, address) = found {
                if let known = table.numbers[address] {
                    number = known
                } else {
                    table.places.append(place)
                    number = UInt32(table.places.count)
                    table.numbers[address] = number
                }
            }
            if walked > 0 {
                if table.seen.count >= 10_000 { table.seen.removeAll() }
                table.seen[stack] = number
            }
            return number
        }
    }

    /// Reads the stack's names, and captures the first frame outside the library alone (with the
    /// address of its call). Called only from ``numberHere()``: the frames' offsets count from it.
    @inline(never)
    private static func capture() -> (CallerPlace, UInt64)? {
        guard let stack = try? Backtrace.capture(algorithm: .fast, limit: 32, top: 0, images: images),
            let named = stack.symbolicated(with: images, options: [])
        else { return nil }
        for (offset, frame) in named.frames.enumerated() {
            // An allocating initializer (`…fC`) counts as a thunk to the `Runtime` module, but a
            // struct's is the user's own code (`SearchViewModel(query:)` building its chains).
            guard let symbol = frame.symbol, !frame.isSwiftThunk || symbol.rawName.hasSuffix("fC"), !frame.isSystem,
                !libraryModules.contains(where: symbol.rawName.hasPrefix)
            else { continue }
            // The same frame, captured again from this function (so at the same offset), alone.
            guard
                let alone = try? Backtrace.capture(algorithm: .fast, limit: 2, offset: offset, top: 0, images: images),
                let first = alone.symbolicated(with: images, options: [])?.frames.first,
                first.symbol?.rawName == symbol.rawName, let address = UInt64(first.captured.originalProgramCounter)
            else { return nil }
            return (CallerPlace(function: symbol.name, rawName: symbol.rawName, frame: alone), address)
        }
        return nil
    }
    #else
    /// Never made: only Linux debug builds read places.
    private init() {
        function = ""
        module = nil
    }

    /// `nil`: only Linux debug builds read places (the toolchain's `Runtime` module).
    static func here() -> CallerPlace? { nil }
    /// `nil`.
    static func numbered(_ number: UInt32) -> CallerPlace? { nil }
    /// 0: only Linux debug builds read places.
    static func numberHere() -> UInt32 { 0 }

    #endif
}

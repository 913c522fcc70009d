import Foundation

extension ObservableType {
    /// Prints every event, subscription and disposal, prefixed with a timestamp and `identifier`
    /// (by default the call site).
    ///
    /// ```text
    /// 2026-11-22 06:00:00.000: demo -> subscribed
    /// 2026-11-22 06:00:00.001: demo -> Event next(1)
    /// 2026-11-22 06:00:00.001: demo -> Event completed
    /// 2026-11-22 06:00:00.001: demo -> isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The label of the printed lines (the call's file, line and function when nil).
    ///   - trimOutput: Whether to shorten long events in the printed lines.
    ///   - file: The file of the call, for messages (the caller's by default).
    ///   - line: The line of the call, for messages (the caller's by default).
    ///   - function: The function of the call, for messages (the caller's by default).
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\((file as NSString).lastPathComponent):\(line) (\(function))"
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let log: (String) -> Void = { message in
            print("\(formatter.string(from: Date())): \(name) -> \(message)")
        }
        return self.do(
            onNext: { element in
                let text = "Event \(Event<Element>.next(element))"
                log(trimOutput && text.count > 40 ? String(text.prefix(40)) + "..." : text)
            },
            onError: { error in log("Event error(\(error))") },
            onCompleted: { log("Event completed") },
            onSubscribe: { log("subscribed") },
            onDispose: { log("isDisposed") })
    }
}

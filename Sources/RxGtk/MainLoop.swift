import CGtk
import Dispatch
import Foundation

/// Runs the GLib main loop with Swift's main queue: work scheduled on `DispatchQueue.main` (and
/// so `MainScheduler`, `@MainActor` tasks, Driver and Signal deliveries) runs on the GTK thread
/// while GTK's loop runs.
public enum GtkMainLoop {
    @MainActor private static var integrated = false
    @MainActor private static var started: Bool?

    /// Initialises GTK on the main thread (once) and hooks the main queue into the GLib main
    /// loop. Returns false when GTK cannot start (no display).
    @MainActor
    @discardableResult
    public static func start() -> Bool {
        if let started { return started }
        let ok = gtk_init_check() != 0
        started = ok
        if ok { integrateMainQueue() }
        return ok
    }

    /// Hooks the main queue into the GLib main loop (once).
    ///
    /// libdispatch exposes the main queue's wake-up file descriptor to run-loop integrations;
    /// a GLib fd source drains the queue whenever it becomes readable. Where no descriptor is
    /// available, a 4 ms GLib timer runs the Foundation run loop, which drains it too.
    @MainActor
    public static func integrateMainQueue() {
        guard !integrated else { return }
        integrated = true
        let handle = _dispatch_get_main_queue_handle_4CF()
        if handle > 0 {
            g_unix_fd_add(
                handle, G_IO_IN,
                { fd, _, _ in
                    var value: eventfd_t = 0
                    _ = eventfd_read(fd, &value)
                    _dispatch_main_queue_callback_4CF(nil)
                    return gboolean(1)
                }, nil)
        } else {
            g_timeout_add(
                4,
                { _ in
                    RunLoop.main.run(until: Date())
                    return gboolean(1)
                }, nil)
        }
    }

    /// Runs GLib main-loop iterations until `condition` holds or `timeout` seconds pass; returns
    /// whether it held. For tests and scripted runs.
    ///
    /// - Parameters:
    ///   - condition: Runs the loop until it holds.
    ///   - timeout: The longest the loop runs, in seconds.
    @MainActor
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 {
                g_usleep(1_000)
            }
        }
        return condition()
    }

    /// Runs one GLib main-loop iteration; when `blocking`, waits for a source to be ready first.
    ///
    /// - Parameter blocking: Whether to wait for an event source to be ready.
    @MainActor
    public static func iterateOnce(blocking: Bool) {
        g_main_context_iteration(nil, blocking ? 1 : 0)
    }

    /// Runs the GLib main loop until `window` is closed by the user or destroyed with
    /// `Window.destroy()`. (The Swift wrapper keeps the window alive, so GTK's own `destroy`
    /// signal would only come when the wrapper goes away.)
    ///
    /// - Parameter window: The window whose closing ends the loop.
    @MainActor
    public static func run(until window: Window) {
        var open = true
        let closed = window.connect(signal: "close-request") { open = false }
        while open && !window.isDestroyed {
            g_main_context_iteration(nil, 1)
        }
        closed.disconnect()
    }
}

import CGtk
import Dispatch
import Foundation
@_spi(OpenRx) import RxSwift

/// What a signal's handler receives besides the instance: nothing, one pointer (a list item),
/// one integer (a position) or a key (`key-pressed`: the key's value, code and modifiers; the
/// handler reports it as not handled, so that the key still reaches the focused widget).
enum SignalHandler {
    case plain(() -> Void)
    case pointer((UnsafeMutableRawPointer?) -> Void)
    case integer((Int32) -> Void)
    case key((UInt32) -> Void)
}

/// A Swift handler connected to a GObject signal. GLib holds the box and releases it when the
/// handler is disconnected or the object is finalized, so closures never outlive their
/// connection.
final class SignalHandlerBox {
    let handler: SignalHandler

    init(_ handler: SignalHandler) {
        self.handler = handler
    }

    static func from(_ data: UnsafeMutableRawPointer) -> SignalHandler {
        Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue().handler
    }
}

/// One handler of a signal, disconnectable from any thread and harmless to disconnect after the
/// object is gone.
final class SignalConnection: @unchecked Sendable {
    // @unchecked Sendable: `instance` and `handlerID` are read and written on the main thread
    // only (`disconnect` hops there).
    private var instance: UnsafeMutableRawPointer?
    private var handlerID: gulong = 0

    /// Connects `body` to `signal` of `instance`; `body` runs on the main thread.
    @MainActor
    convenience init(instance: UnsafeMutableRawPointer, signal: String, body: @escaping () -> Void) {
        self.init(instance: instance, signal: signal, handler: .plain(body))
    }

    /// Connects `handler` to `signal` of `instance`; it runs on the main thread.
    @MainActor
    init(instance: UnsafeMutableRawPointer, signal: String, handler: SignalHandler) {
        self.instance = instance
        let box = Unmanaged.passRetained(SignalHandlerBox(handler)).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<SignalHandlerBox>.fromOpaque(data).release()
        }
        let callback: GCallback
        switch handler {
        case .pointer:
            let withPointer: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
                guard let data, case .pointer(let body) = SignalHandlerBox.from(data) else { return }
                body(argument)
            }
            callback = unsafeBitCast(withPointer, to: GCallback.self)
        case .integer:
            let withInteger: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, argument, data in
                guard let data, case .integer(let body) = SignalHandlerBox.from(data) else { return }
                body(argument)
            }
            callback = unsafeBitCast(withInteger, to: GCallback.self)
        case .key:
            let withKey: @convention(c) (gpointer?, guint, guint, UInt32, gpointer?) -> gboolean = {
                _, keyval, _, _, data in
                guard let data, case .key(let body) = SignalHandlerBox.from(data) else { return 0 }
                body(keyval)
                return 0
            }
            callback = unsafeBitCast(withKey, to: GCallback.self)
        case .plain where signal.hasPrefix("notify::"):
            let notify: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
                guard let data, case .plain(let body) = SignalHandlerBox.from(data) else { return }
                body()
            }
            callback = unsafeBitCast(notify, to: GCallback.self)
        case .plain:
            let plain: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
                guard let data, case .plain(let body) = SignalHandlerBox.from(data) else { return }
                body()
            }
            callback = unsafeBitCast(plain, to: GCallback.self)
        }
        handlerID = rxgtk_signal_connect(instance, signal, callback, box, release)
        // Forget the instance once it is finalized, so that a later disconnect is a no-op. The
        // weak reference holds this connection until it fires or is removed.
        g_object_weak_ref(
            instance.assumingMemoryBound(to: GObject.self), Self.instanceFinalized,
            Unmanaged.passRetained(self).toOpaque())
        weakRefHeld = true
    }

    private var weakRefHeld = false

    private static let instanceFinalized: GWeakNotify = { data, _ in
        guard let data else { return }
        let connection = Unmanaged<SignalConnection>.fromOpaque(data).takeRetainedValue()
        connection.instance = nil
        connection.weakRefHeld = false
    }

    /// Disconnects the handler (on the main thread), releasing its closure.
    func disconnect() {
        if MainScheduler.isOnMain {
            disconnectOnMain()
        } else {
            DispatchQueue.main.async { self.disconnectOnMain() }
        }
    }

    private func disconnectOnMain() {
        guard let instance else { return }
        self.instance = nil
        let object = instance.assumingMemoryBound(to: GObject.self)
        if weakRefHeld {
            g_object_weak_unref(object, Self.instanceFinalized, Unmanaged.passUnretained(self).toOpaque())
            weakRefHeld = false
            Unmanaged.passUnretained(self).release()
        }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
    }
}

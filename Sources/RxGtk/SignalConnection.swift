import CGtk
import Dispatch
import Foundation
import RxSwift

/// A Swift closure connected to a GObject signal. GLib holds the box and releases it when the
/// handler is disconnected or the object is finalized, so closures never outlive their
/// connection.
final class SignalHandlerBox {
    let body: () -> Void
    /// For signals whose handler receives one pointer (a list item) or one integer (a position).
    let argumentBody: ((UnsafeMutableRawPointer?) -> Void)?
    let integerBody: ((Int32) -> Void)?

    init(
        _ body: @escaping () -> Void, argument: ((UnsafeMutableRawPointer?) -> Void)? = nil,
        integer: ((Int32) -> Void)? = nil
    ) {
        self.body = body
        self.argumentBody = argument
        self.integerBody = integer
    }
}

/// How a signal's handler is called: with no argument besides the instance, or with one.
enum SignalArguments {
    case none
    case pointer((UnsafeMutableRawPointer?) -> Void)
    case integer((Int32) -> Void)
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
        self.init(instance: instance, signal: signal, arguments: .none, body: body)
    }

    /// Connects a handler that receives the signal's one argument besides the instance.
    @MainActor
    init(instance: UnsafeMutableRawPointer, signal: String, arguments: SignalArguments, body: @escaping () -> Void) {
        self.instance = instance
        let handlerBox: SignalHandlerBox
        switch arguments {
        case .none: handlerBox = SignalHandlerBox(body)
        case .pointer(let argument): handlerBox = SignalHandlerBox(body, argument: argument)
        case .integer(let integer): handlerBox = SignalHandlerBox(body, integer: integer)
        }
        let box = Unmanaged.passRetained(handlerBox).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<SignalHandlerBox>.fromOpaque(data).release()
        }
        let handler: GCallback
        if case .pointer = arguments {
            let withPointer: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
                guard let data else { return }
                Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue().argumentBody?(argument)
            }
            handler = unsafeBitCast(withPointer, to: GCallback.self)
        } else if case .integer = arguments {
            let withInteger: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, argument, data in
                guard let data else { return }
                Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue().integerBody?(argument)
            }
            handler = unsafeBitCast(withInteger, to: GCallback.self)
        } else if signal.hasPrefix("notify::") {
            let notify: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
                guard let data else { return }
                Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue().body()
            }
            handler = unsafeBitCast(notify, to: GCallback.self)
        } else {
            let plain: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
                guard let data else { return }
                Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue().body()
            }
            handler = unsafeBitCast(plain, to: GCallback.self)
        }
        handlerID = rxgtk_signal_connect(instance, signal, handler, box, release)
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

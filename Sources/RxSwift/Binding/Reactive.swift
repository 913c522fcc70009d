import Foundation

/// The namespace for reactive extensions of `Base`, reached through `.rx`.
///
/// Extend `Reactive where Base: YourType` to add `ControlProperty`, `ControlEvent` and `Binder`
/// members; writable properties of a class are available as binders through key paths
/// (`label.rx.text` binds to `label.text` when nothing more specific is declared).
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended instance.
    public let base: Base

    /// Creates the extensions namespace for `base`.
    ///
    /// - Parameter base: The object extended.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` on the main thread.
    ///
    /// - Parameter keyPath: The key path of the property.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        let path = UncheckedBox(keyPath)
        return Binder(base) { base, value in
            base[keyPath: path.value] = value
        }
    }
}

/// A type with reactive extensions under `.rx` (on instances and on the type itself).
public protocol ReactiveCompatible {
    /// The type being extended.
    associatedtype ReactiveBase

    /// Reactive extensions of the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// Reactive extensions of this instance.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// Reactive extensions of the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    /// Reactive extensions of this instance.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // The setter exists so that `.rx` members can be mutated on value types.
        set {}
    }
}

extension NSObject: ReactiveCompatible {}

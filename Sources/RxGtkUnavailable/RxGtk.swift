// RxGtk as it is built when GTK 4 is not enabled (see Package.swift): the same names, each
// unavailable with a message that says what to install, so that a client using RxGtk gets that
// message instead of "product 'RxGtk' not found".

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Widget {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Window {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Box {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Button {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Entry {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Label {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class CheckButton {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Switch {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class Scale {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class SpinButton {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public final class ListBox {
    /// Unavailable (see the type).
    public init(_ arguments: Any...) {}
}

/// Unavailable: RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both).
@available(
    *, unavailable,
    message:
        "RxGtk needs GTK 4: install libgtk-4-dev (apt-get install libgtk-4-dev pkg-config) and build with OPENRX_GTK=1 (bash scripts/demo.sh and scripts/test.sh do both)"
)
public enum GtkMainLoop {}

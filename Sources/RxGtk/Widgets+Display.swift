import CGtk
import RxCocoa
import RxSwift

/// A bar showing how far an operation has progressed.
@MainActor
public final class ProgressBar: Widget {
    /// An empty progress bar.
    public init() {
        super.init(gtk_progress_bar_new())
    }

    /// The completed fraction, from 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, newValue) }
    }

    /// The text shown on the bar (`nil`: none).
    public var text: String? {
        get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } }
        set {
            gtk_progress_bar_set_show_text(opaque, newValue == nil ? 0 : 1)
            gtk_progress_bar_set_text(opaque, newValue)
        }
    }
}

extension Reactive where Base: ProgressBar {
    /// Sets the completed fraction, from 0 to 1.
    public var fraction: Binder<Double> {
        Binder(base) { bar, fraction in bar.fraction = fraction }
    }

    /// Sets the text shown on the bar.
    public var text: Binder<String?> {
        Binder(base) { bar, text in bar.text = text }
    }
}

/// A spinning activity indicator.
@MainActor
public final class Spinner: Widget {
    /// A spinner, stopped.
    public init() {
        super.init(gtk_spinner_new())
    }

    /// Whether it spins.
    public var isAnimating: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
    }
}

extension Reactive where Base: Spinner {
    /// Starts (true) or stops (false) the spinner, as RxCocoa's `isAnimating` does for an
    /// activity indicator.
    public var isAnimating: Binder<Bool> {
        Binder(base) { spinner, spinning in spinner.isAnimating = spinning }
    }
}

/// An icon from the icon theme.
@MainActor
public final class Image: Widget {
    /// The icon named `iconName` (for example `"emblem-ok-symbolic"`), `pixelSize` pixels wide.
    ///
    /// - Parameters:
    ///   - iconName: The icon's name in the icon theme (nil: no icon).
    ///   - pixelSize: The icon's size, in pixels.
    public init(iconName: String? = nil, pixelSize: Int = 16) {
        super.init(gtk_image_new())
        gtk_image_set_pixel_size(opaque, Int32(pixelSize))
        self.iconName = iconName
    }

    /// The name of the icon shown (`nil`: none).
    public var iconName: String? {
        get { gtk_image_get_icon_name(opaque).map { String(cString: $0) } }
        set {
            if let newValue {
                gtk_image_set_from_icon_name(opaque, newValue)
            } else {
                gtk_image_clear(opaque)
            }
        }
    }
}

extension Reactive where Base: Image {
    /// Sets the icon shown, by name (`nil`: none).
    public var iconName: Binder<String?> {
        Binder(base) { image, name in image.iconName = name }
    }
}

// settings: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature InferIsolatedConformances -enable-upcoming-feature NonisolatedNonsendingByDefault
// In a new Xcode 26 project's settings, a type is main-actor isolated unless it says otherwise,
// and its conformances are inferred isolated. OpenRx calls `on(_:)`, `dispose()` and `schedule`
// on any thread, so their protocols are `SendableMetatype`: a type conforming to one is inferred
// nonisolated instead, and its methods that touch main-actor state (here a label) are errors,
// not calls off the main thread. The fix: deliver to the label through a `Binder`, or observe on
// `MainScheduler.instance` and subscribe with a closure.
// expected-error: main actor-isolated property 'text' can not be mutated from a nonisolated context
// expected-error: main actor-isolated property 'text' can not be mutated from a nonisolated context

import RxSwift

final class Label {
    var text = ""
}

final class LabelObserver: ObserverType {
    let label: Label

    init(label: Label) { self.label = label }

    func on(_ event: Event<String>) {
        if case .next(let value) = event { label.text = value }
    }
}

final class ClearOnDispose: Disposable {
    let label: Label

    init(label: Label) { self.label = label }

    func dispose() {
        label.text = ""
    }
}

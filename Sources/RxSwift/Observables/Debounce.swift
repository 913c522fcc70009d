struct DebounceState<Element> {
    var id = 0
    var value: Element?
}

final class DebounceSink<Observer: ObserverType>: EventLockedSink<DebounceState<Observer.Element>, Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `timer` is a SerialDisposable.
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(state: DebounceState(), observer: observer)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            let id = withState { state -> Int in
                state.id += 1
                state.value = element
                return state.id
            }
            timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { [self] id in
                synchronized { state, outbox in
                    guard state.id == id, let value = state.value else { return }
                    state.value = nil
                    outbox.append(.next(value))
                }
                return Disposables.create()
            }
        case .error:
            synchronized { state, outbox in
                state.value = nil
                outbox.append(event)
            }
        case .completed:
            synchronized { state, outbox in
                if let value = state.value {
                    state.value = nil
                    outbox.append(.next(value))
                }
                outbox.append(.completed)
            }
        }
    }

    override func disposeResources() {
        timer.dispose()
    }
}

extension ObservableType {
    /// Emits an element only after `dueTime` has passed without another element; the pending
    /// element is emitted at once if the source completes.
    ///
    /// ```
    /// source:              1-2-----3|
    /// debounce(3 ticks):   ------2--(3|)
    /// ```
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }
}

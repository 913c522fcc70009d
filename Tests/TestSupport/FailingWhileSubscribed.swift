import RxSwift

/// What happens, in order, when the second input of `combine` fails while it is being subscribed
/// (`error` during its `subscribe`): the inputs' subscriptions, their disposals (`do(onDispose:)`),
/// the error and `onDisposed` of the result, and the return of `subscribe`. For the tests that pin
/// OpenRx's order there (the migration guide lists it among the known differences).
public func eventsWhenAnInputFailsWhileSubscribed(
    _ combine: (Observable<Int>, Observable<Int>) -> Observable<Int>
) -> [String] {
    struct Failure: Error {}
    var log: [String] = []
    let live = PublishSubject<Int>()
        .do(onSubscribed: { log.append("live subscribed") }, onDispose: { log.append("live disposed") })
    let failing = Observable<Int>.error(Failure()).do(onDispose: { log.append("failing disposed") })
    let subscription = combine(live, failing)
        .subscribe(onError: { _ in log.append("error") }, onDisposed: { log.append("onDisposed") })
    log.append("subscribe returned")
    subscription.dispose()
    return log
}

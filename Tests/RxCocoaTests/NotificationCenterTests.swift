import Foundation
import RxCocoa
import RxSwift
import TestSupport
import XCTest

final class NotificationCenterTests: RxTestCase {
    func testEmitsMatchingNotificationsUntilDisposed() {
        let center = NotificationCenter()
        let name = Notification.Name("OpenRx.test")
        let sender = NSObject()
        var received: [String] = []
        let all = center.rx.notification(name).subscribe(onNext: { received.append("all \($0.userInfo?["n"] ?? "")") })
        let fromSender = center.rx.notification(name, object: sender).subscribe(onNext: { _ in received.append("sender")
        })
        center.post(name: name, object: nil, userInfo: ["n": 1])
        center.post(name: name, object: sender, userInfo: ["n": 2])
        center.post(name: Notification.Name("other"), object: sender)
        all.dispose()
        fromSender.dispose()
        center.post(name: name, object: sender, userInfo: ["n": 3])
        // NotificationCenter does not promise an order between observers.
        XCTAssertEqual(received.sorted(), ["all 1", "all 2", "sender"])
    }
}

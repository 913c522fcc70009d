import RxSwift
import TestSupport

/// The test case of an article whose samples print and keep their subscriptions in a
/// `disposeBag`, as a screen does: what was printed before a test is dropped, and the bag goes
/// with each test, before the leak check.
class ArticleTestCase: RxTestCase {
    var disposeBag = DisposeBag()

    override func setUp() {
        super.setUp()
        _ = takePrinted()
    }

    override func tearDown() {
        disposeBag = DisposeBag()
        super.tearDown()
    }
}

import Foundation
import GalleryModels
import RxCocoa
import RxSwift

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The gallery's requests to its local service (`LocalServer`), as sequences.
struct Client: Sendable {
    let server: LocalServer

    /// The JSON value `path` answers.
    private func get(_ path: String, _ query: [String: String] = [:]) -> Observable<Any> {
        URLSession.shared.rx.data(request: URLRequest(url: server.url(path, query)))
            .map { try JSONSerialization.jsonObject(with: $0, options: .fragmentsAllowed) }
    }

    /// The cities starting with (or containing) `query`.
    func cities(_ query: String, match: SearchViewModel.Match) -> Observable<[String]> {
        get("/search", ["q": query, "mode": match == .contains ? "contains" : "prefix"]).map { ($0 as? [String]) ?? [] }
    }

    /// The sign-up service: availability checks, and a sign-up in four steps with its progress.
    var signUpService: SignUpService {
        SignUpService(
            isAvailable: { name in get("/available", ["name": name]).map { ($0 as? Bool) ?? false } },
            signUp: { name, _ in
                let steps = 4
                let requests = (1...steps).map { step in
                    get("/signup", ["step": "\(step)"]).map { _ in SignUpEvent.progress(Double(step) / Double(steps)) }
                }
                return Observable.concat(requests)
                    .concat(Observable.just(SignUpEvent.finished("Welcome aboard, \(name)!")))
                    .startWith(.progress(0))
            })
    }

    /// Page `index` of the places matching `query`.
    func places(_ query: String, page index: Int) -> Observable<ResultPage> {
        get("/places", ["q": query, "page": "\(index)"]).map { json in
            let object = json as? [String: Any]
            return ResultPage(items: object?["items"] as? [String] ?? [], total: object?["total"] as? Int ?? 0)
        }
    }
}

import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

/// The study notes' weather screen: one search Driver feeding four labels.
final class SeedWeatherScenarioTests: RxTestCase {
    struct Weather {
        let cityName: String
        let temperature: Int
        let humidity: Int
        let icon: String

        static let empty = Weather(cityName: "Unknown", temperature: -1000, humidity: 0, icon: "-")
    }

    final class ApiController {
        private(set) var requests: [String] = []

        func currentWeather(city: String) -> Observable<Weather> {
            Observable.deferred { [self] in
                requests.append(city)
                if city == "Atlantis" { return .error(testError) }
                return .just(Weather(cityName: city, temperature: city.count, humidity: 50, icon: "☀"))
            }
        }
    }

    func testOneRequestPerCityFeedsFourLabelsAndErrorsShowTheEmptyWeather() {
        MainActor.assumeIsolated {
            let api = ApiController()
            let searchCityName = TextField()
            let tempLabel = Label()
            let humidityLabel = Label()
            let cityNameLabel = Label()
            let iconLabel = Label()
            let disposeBag = DisposeBag()

            let search = searchCityName.rx.text
                .filter { ($0 ?? "").count > 0 }
                .flatMapLatest { text in
                    api.currentWeather(city: text ?? "Error")
                }
                .asDriver(onErrorJustReturn: Weather.empty)

            search.map { "\($0.temperature)℃" }
                .drive(tempLabel.rx.text)
                .disposed(by: disposeBag)
            search.map { "\($0.humidity)%" }
                .drive(humidityLabel.rx.text)
                .disposed(by: disposeBag)
            search.map { $0.cityName }
                .drive(cityNameLabel.rx.text)
                .disposed(by: disposeBag)
            search.map { $0.icon }
                .drive(iconLabel.rx.text)
                .disposed(by: disposeBag)

            searchCityName.simulateTyping("Seoul")
            XCTAssertEqual(api.requests, ["Seoul"], "four bindings, one request")
            XCTAssertEqual(
                [tempLabel.text, humidityLabel.text, cityNameLabel.text, iconLabel.text], ["5℃", "50%", "Seoul", "☀"])

            searchCityName.simulateTyping("")
            XCTAssertEqual(api.requests, ["Seoul"], "empty text is filtered out")

            searchCityName.simulateTyping("Atlantis")
            XCTAssertEqual([tempLabel.text, cityNameLabel.text], ["-1000℃", "Unknown"])
            searchCityName.simulateTyping("Busan")
            XCTAssertEqual(
                api.requests, ["Seoul", "Atlantis"], "after an error the Driver has completed with its fallback")
        }
    }
}

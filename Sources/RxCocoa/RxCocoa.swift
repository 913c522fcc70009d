// Importing RxCocoa also imports RxRelay, as it does with RxSwift's RxCocoa.
@_exported import RxRelay

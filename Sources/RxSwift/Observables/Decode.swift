import Foundation

/// A decoder that turns `Data` into a `Decodable` value (JSONDecoder conforms).
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    ///
    /// - Parameters:
    ///   - type: The type each element is decoded as.
    ///   - data: The data.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}

extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` element into `Item`; a decoding error terminates the sequence.
    ///
    /// ```
    /// source:                              {"id":1}----|
    /// decode(type: User.self, decoder: j): User(id: 1)-|
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type each element is decoded as.
    ///   - decoder: The decoder that decodes each element.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

import Foundation

extension ObservableType where Element == Data {
    /// Attempts to decode each emitted `Data` with `decoder`.
    ///
    ///     --{"id":1}--{"id":2}--|      decode(type: Item.self, decoder: JSONDecoder())
    ///     --Item(1)---Item(2)---|
    ///
    /// The first `Data` that does not decode fails the sequence with the decoder's error (a `DecodingError`
    /// for `JSONDecoder`) and disposes the source.
    ///
    /// - parameter type: A `Decodable`-conforming type to attempt to decode to.
    /// - parameter decoder: A capable decoder, e.g. `JSONDecoder` or `PropertyListDecoder`.
    /// - note: If using a custom decoder, it must conform to the `DataDecoder` protocol.
    /// - returns: An `Observable` of the decoded type.
    public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
        self.map { try decoder.decode(type, from: $0) }
    }
}

import Foundation

/// Represents an entity capable of decoding raw `Data` into a concrete `Decodable` type: what
/// `decode(type:decoder:)` needs from a decoder. `JSONDecoder` and `PropertyListDecoder` conform.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, throwing when `data` does not hold one.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

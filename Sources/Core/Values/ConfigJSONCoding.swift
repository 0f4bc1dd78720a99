package import Foundation

/// The one `Codable` setup for config values: sorted keys and unescaped slashes, so encoded
/// text is stable and readable, and dates as ISO-8601 strings with an offset, read and
/// written by `Timestamp`, so a date survives a round trip through a template on every
/// platform.
package enum ConfigJSONCoding {
  /// An encoder with sorted keys, unescaped slashes and `Timestamp` dates.
  package static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Timestamp.format(date))
    }
    return encoder
  }

  /// A decoder that reads dates with `Timestamp.parse` (an offset is required).
  package static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      do {
        return try Timestamp.parse(text)
      } catch {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
      }
    }
    return decoder
  }
}

import Core

/// The body of the answers the server gives itself (400, 408, 413, 417, 431, 500, 503, 505):
/// OFREP's error shape, `{"errorCode": "...", "errorDetails": "..."}`, so an OFREP client
/// reads a refusal of the server the way it reads one of the responder.
enum HTTPServerErrorBody {
  /// The JSON bytes for `code` (`PARSE_ERROR` or `GENERAL`) and `details`.
  static func json(code: String, details: String) -> [UInt8] {
    var writer = JSONTextWriter(capacity: 64 + details.utf8.count)
    writer.write(
      .object(JSONObject([("errorCode", .string(code)), ("errorDetails", .string(details))])))
    return writer.bytes
  }
}

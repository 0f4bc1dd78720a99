/// Turns a `DecodingError` into one line that names the field path, e.g.
/// `at 'window.start_at': invalid timestamp ...`, because Foundation's own descriptions
/// differ by platform and bury the path.
package enum DecodingErrorDescription {
  /// A one-line description of any error, with the coding path when it is a `DecodingError`.
  package static func describe(_ error: any Error) -> String {
    guard let decodingError = error as? DecodingError else { return "\(error)" }
    switch decodingError {
    case .typeMismatch(let type, let context):
      return at(context) + "expected \(type)" + detail(context)
    case .valueNotFound(let type, let context):
      return at(context) + "missing \(type) value" + detail(context)
    case .keyNotFound(let key, let context):
      return at(context) + "missing key '\(key.stringValue)'"
    case .dataCorrupted(let context):
      return at(context) + context.debugDescription
    @unknown default:
      return "\(decodingError)"
    }
  }

  private static func at(_ context: DecodingError.Context) -> String {
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return path.isEmpty ? "" : "at '\(path)': "
  }

  private static func detail(_ context: DecodingError.Context) -> String {
    context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
  }
}

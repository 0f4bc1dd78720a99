package import Core
import Foundation

extension RetryAfter {
  /// Reads a `Retry-After` header value: delta-seconds (`120`) or an HTTP-date
  /// (`Wed, 21 Oct 2015 07:28:00 GMT`, or the obsolete RFC 850 and asctime forms).
  /// Returns nil when the value is neither, so a malformed header is ignored rather than
  /// trusted. Delta-seconds above `maximumSeconds` are read as `maximumSeconds`.
  package init?(headerValue: String) {
    let trimmed = headerValue.trimmingCharacters(in: .whitespaces)
    if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      self = .seconds(Int(trimmed).map { min($0, Self.maximumSeconds) } ?? Self.maximumSeconds)
    } else if let date = HTTPDate.parse(trimmed) {
      self = .date(date)
    } else {
      return nil
    }
  }
}

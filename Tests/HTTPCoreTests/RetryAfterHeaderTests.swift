import Core
import Foundation
import HTTPCore
import Testing

/// `Retry-After` as RFC 9110 writes it: delta-seconds or one of three HTTP-date formats.
@Suite("RetryAfter header parsing")
struct RetryAfterHeaderTests {
  /// 1994-11-06T08:49:37Z, RFC 9110's example date.
  static let example = Date(timeIntervalSince1970: 784_111_777)

  @Test(
    "delta-seconds and the three HTTP-date formats are read",
    arguments: [
      ("120", RetryAfter.seconds(120)),
      (" 0 ", .seconds(0)),
      ("99999999999999999999", .seconds(RetryAfter.maximumSeconds)),
      ("Sun, 06 Nov 1994 08:49:37 GMT", .date(example)),
      ("Sunday, 06-Nov-94 08:49:37 GMT", .date(example)),
      ("Sun Nov  6 08:49:37 1994", .date(example)),
      ("Thu, 01 Jan 2026 00:02:00 GMT", .date(Date(timeIntervalSince1970: 1_767_225_720))),
      ("Wednesday, 01-Jan-30 00:00:00 GMT", .date(Date(timeIntervalSince1970: 1_893_456_000))),
    ])
  func reads(header: String, expected: RetryAfter) {
    #expect(RetryAfter(headerValue: header) == expected)
  }

  @Test(
    "anything else is ignored",
    arguments: [
      "", "soon", "-5", "1.5", "12 s", "Sun, 06 Nov 1994 08:49:37 PST",
      "Sun, 31 Feb 1994 08:49:37 GMT",
      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
      "Sun, 06 Nov 94 08:49:37 GMT",
      "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun Nov  6 08:49:37",
      "Sun, ٠٦ Nov 1994 08:49:37 GMT",
    ])
  func ignores(header: String) {
    #expect(RetryAfter(headerValue: header) == nil)
  }
}

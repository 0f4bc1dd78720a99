import Foundation
import HTTPCore
import Testing

/// `HTTPDate.format`, a server's `Date` header: IMF-fixdate, and any instant at all gives a
/// well-formed one (clamped to the years the format can write), which `parse` reads back.
@Suite("HTTPDate formatting")
struct HTTPDateFormatTests {
  @Test(
    "an instant is written as IMF-fixdate, clamped to 1970...9999",
    arguments: [
      (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
      (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
      (1_767_225_720.9, "Thu, 01 Jan 2026 00:02:00 GMT"),
      (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
      (-86_400, "Thu, 01 Jan 1970 00:00:00 GMT"),
      (1e300, "Fri, 31 Dec 9999 23:59:59 GMT"),
      (.nan, "Thu, 01 Jan 1970 00:00:00 GMT"),
      (.infinity, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ] as [(Double, String)])
  func formats(seconds: Double, expected: String) {
    #expect(HTTPDate.format(Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test("what is written is read back as the same second")
  func roundTrip() throws {
    let date = Date(timeIntervalSince1970: 1_893_456_061)
    let text = HTTPDate.format(date)
    #expect(try #require(HTTPDate.parse(text)) == date)
  }
}

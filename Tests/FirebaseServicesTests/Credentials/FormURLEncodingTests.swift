@testable import FirebaseServices
import Foundation
import Testing

@Suite("FormURLEncoding")
struct FormURLEncodingTests {
  @Test(
    "every byte but the unreserved characters is percent-encoded from UTF-8",
    arguments: [
      ("AZaz09-._~", "AZaz09-._~"), ("1//0g+x=y&z", "1%2F%2F0g%2Bx%3Dy%26z"), ("a b", "a%20b"),
      ("é", "%C3%A9"), ("urn:ietf:params", "urn%3Aietf%3Aparams"), ("", ""),
    ])
  func encode(text: String, encoded: String) {
    #expect(FormURLEncoding.encode(text) == encoded)
    #expect(encoded.removingPercentEncoding == text)
  }

  @Test("a body joins name=value pairs with & in the order given")
  func body() {
    let body = FormURLEncoding.body([("grant_type", "refresh_token"), ("a b", "c&d")])
    #expect(String(decoding: body, as: UTF8.self) == "grant_type=refresh_token&a%20b=c%26d")
  }
}

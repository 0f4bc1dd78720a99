import HTTPCore
import Testing

/// HTTP's token, the one rule for methods and field names on both the client and the server.
@Suite("HTTPToken")
struct HTTPTokenTests {
  @Test(
    "letters, digits and !#$%&'*+-.^_`|~ make a token; nothing else does",
    arguments: [
      ("GET", true), ("Content-Type", true), ("x!#$%&'*+-.^_`|~9", true), ("", false),
      ("a b", false), ("a:b", false), ("a\r\nb", false), ("a\u{0}", false), ("é", false),
      ("(a)", false), ("a/b", false), ("\"a\"", false), ("a\tb", false),
    ])
  func token(text: String, isToken: Bool) {
    #expect(HTTPToken.isToken(text) == isToken)
  }
}

import Core
import SwitchyardTestSupport

/// What the request fuzz suites start from and splice in: well-formed requests of every
/// framing (each a seed the mutations damage), and the fragments that matter to a request
/// parser (framing fields, numbers no length holds, bare line ends, obsolete folding, long
/// runs that reach the limits).
enum HTTPRequestCorpus {
  static let requests: [[UInt8]] = [
    "GET / HTTP/1.1\r\nHost: t\r\n\r\n",
    "GET /v1/flags/a%20b?x=1&y=2 HTTP/1.1\r\nHost: t\r\nAccept: */*\r\n\r\n",
    "POST /ofrep/v1/evaluate/flags/f HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      + "Content-Length: 27\r\n\r\n{\"context\":{\"targetingKey\":1}}",
    "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
    "POST /e HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
    "GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n"
      + "POST /c HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx",
    "GET /old HTTP/1.0\r\n\r\n",
    "HEAD /h HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
    "GET http://t/abs?q HTTP/1.1\r\nHost: t\r\n\r\n",
  ].map { Array($0.utf8) }

  static let fragments: [[UInt8]] =
    [
      "\r\n", "\n", "\r", "\r\n\r\n", " ", "\t", ":", ";", "?", "%", "%00", "HTTP/1.1",
      "HTTP/1.0", "HTTP/2.0", "HTTP/1.10", "Transfer-Encoding: chunked\r\n",
      "Transfer-Encoding: gzip, chunked\r\n", "Transfer-Encoding: chunked\r\n",
      "Content-Length: 0\r\n",
      "Content-Length: 5\r\n", "Content-Length: -1\r\n", "Content-Length: 1, 2\r\n",
      "Content-Length: 99999999999999999999\r\n", "Content-Length: +5\r\n",
      "Content-Length: 0x10\r\n", "Connection: close\r\n", "Connection: keep-alive\r\n",
      "Expect: 100-continue\r\n", "Expect: nothing\r\n", " folded\r\n", "Host: a\r\nHost: b\r\n",
      "FFFFFFFFFFFFFFFFF\r\n", "0\r\n\r\n", "1\r\nx\r\n", "-1\r\n", "5 ;a=\"b\"\r\n",
      String(repeating: "a", count: 2_000), String(repeating: "X: y\r\n", count: 300),
      String(repeating: "1\r\nx\r\n", count: 500),
    ].map { Array($0.utf8) } + [[0x00], [0x7F], [0x80], [0xFF], [0xC3, 0xA9]]

  /// A seed with one to four mutations, or now and then two seeds run together (a pipeline
  /// whose first request is damaged).
  static func input(_ random: inout SeededRandomGenerator) -> [UInt8] {
    var bytes = random.pick(requests)
    if random.chance(20) { bytes += random.pick(requests) }
    for _ in 0..<(1 + random.below(4)) {
      if random.chance(40) {
        bytes.insert(contentsOf: random.pick(fragments), at: random.below(bytes.count + 1))
      } else {
        bytes = ByteMutator.mutate(bytes, donors: requests + fragments, random: &random)
      }
    }
    return bytes
  }
}

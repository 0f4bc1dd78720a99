import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// Deterministic fuzzing of what goes on the wire: URLs, redirects' `Location`s and header
/// values built from the bytes that have smuggled lines before (escaped and raw NUL, CR, LF,
/// space, `%`, `@`, brackets, user information, zones). Whatever goes in, no request head
/// and no `CONNECT` holds a CR, LF or NUL outside its line ends, and every line is where the
/// request puts one; what is refused is refused in one readable line without the URL's
/// secrets.
@Suite("Request head fuzzing", FuzzBudget.timeLimit(minutes: 2))
struct RequestHeadFuzzTests {
  /// A password in the URLs' user information: no message may repeat it.
  static let password = "hunter2"

  /// The pieces URLs, Locations and values are built from.
  static let hostPieces = [
    "a", "example", ".", "test", "localhost", "127.0.0.1", "[::1]", "[fe80::1%25eth0]", "[]",
    "%00", "%0D", "%0A", "%0D%0A", "%20", "%25", "%2F", "%40", "%3A", "%5B", "%5D", "%41",
    "%C3%A9", "%", "%0", "é", "\r", "\n", "\u{0}", " ", "\t", "@", ":", "[", "]", "-", "_",
    "..", "0x7f", "2130706433", "1", String(repeating: "a", count: 64),
    "GET%20http%3A%2F%2Finternal.test%2Fadmin%20HTTP%2F1.1", "X-Injected%3A%20yes",
  ]
  static let schemes = ["http", "https", "http", "https", "HTTPS", "ftp", ""]
  static let userInformation = ["", "", "", "", "", "", "tester:\(password)@", "@", "a@b@"]
  static let ports = [
    "", "", "", "", "", ":8080", ":443", ":", ":0", ":99999", ":-1", ":80%0D%0A",
  ]
  static let paths = [
    "", "/", "/t.json", "/t.json", "/a%0D%0Ab", "/t?key=\(password)", "?q=%0D%0A", "#frag",
    "/%00", "/ x", "#frag\r\n", "/\r\nX: y",
  ]
  static let values = [
    "", "a", "application/json", "\r\n", "\n", "\r", "\u{0}", "\t", "x\r\nX-Injected: yes",
    "é", "\u{2028}", "a: b", "%0D%0A", "\"7\"",
  ]
  static let names = ["X-Test", "Cookie", "Authorization", "X\r\nY", "", "Bad Name", "Host"]

  /// Inputs and what becomes of them.
  struct Rules {
    var lines = FuzzFailures(
      "a request head or CONNECT holds CR, LF or NUL only as its line ends, one line per field")
    var refusal = FuzzFailures(
      "a refused URL or Location is one readable line that names neither password nor path")
    var sent = 0
    var redirected = 0
    var refused = 0

    /// Checks the request to `text` with one header, and its redirect to `location`.
    mutating func check(
      url text: String, location: String, header: (name: String, value: String),
      status: Int, seed: UInt64, iteration: Int
    ) {
      let input = Array("\(text)\u{0}\(location)\u{0}\(header.name): \(header.value)".utf8)
      guard let url = URL(string: text) else { return }
      let host: HTTPHost
      do {
        host = try HTTPHost(url)
      } catch {
        refused += 1
        return checkRefusal(error.description, input: input, seed: seed, iteration: iteration)
      }
      let request = HTTPRequest(
        method: status == 307 ? "POST" : "GET", url: url, headers: [header],
        body: status == 307 ? Array("a=1".utf8) : nil)
      checkHead(request, host: host, input: input, seed: seed, iteration: iteration)
      do {
        let next = try HTTPExchange.redirected(request, host: host, status: status, to: location)
        redirected += 1
        checkHead(next.request, host: next.host, input: input, seed: seed, iteration: iteration)
      } catch {
        checkRefusal(error.description, input: input, seed: seed, iteration: iteration)
      }
    }

    mutating func checkRefusal(_ text: String, input: [UInt8], seed: UInt64, iteration: Int) {
      if let problem = ErrorTextRule.lineProblem(text) {
        refusal.add(seed: seed, iteration: iteration, input: input, "\(problem): \(text)")
      } else if text.contains(RequestHeadFuzzTests.password) || text.contains("/t.json") {
        refusal.add(seed: seed, iteration: iteration, input: input, text)
      }
    }

    /// Checks the bytes `request` is sent as, and the `CONNECT` for it.
    mutating func checkHead(
      _ request: HTTPRequest, host: HTTPHost, input: [UInt8], seed: UInt64, iteration: Int
    ) {
      let reserved: Set<String> = ["host", "connection", "content-length", "transfer-encoding"]
      let fields = request.headers.filter { !reserved.contains($0.name.lowercased()) }.count
      do {
        let bytes = try HTTPSocketTransport.requestBytes(request, host: host)
        sent += 1
        // The request line, Host, the fields, Content-Length with a body, Connection.
        let expected = 3 + fields + (request.body == nil ? 0 : 1)
        if let problem = Self.headProblem(bytes, lines: expected) {
          lines.add(seed: seed, iteration: iteration, input: input, "request: \(problem)")
        }
      } catch {
        // Refused as a header that would break a line: nothing to send.
      }
      let proxy = (try? HTTPProxy("http://tester:secret@proxy.test:3128"))
      if let connect = proxy?.connectRequest(to: host),
        let problem = Self.headProblem(connect, lines: 3)
      {
        lines.add(seed: seed, iteration: iteration, input: input, "CONNECT: \(problem)")
      }
    }

    /// Why `bytes` is not a head of `lines` lines, each ended by CRLF, then a blank line,
    /// with a request line of three parts and fields of a name, a colon and a value; nil
    /// when it is one.
    static func headProblem(_ bytes: [UInt8], lines expected: Int) -> String? {
      var lines: [ArraySlice<UInt8>] = []
      var start = 0
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case 0x00:
          return "a NUL at byte \(index)"
        case 0x0A:
          return "a line feed without a carriage return at byte \(index)"
        case 0x0D:
          guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
            return "a carriage return without a line feed at byte \(index)"
          }
          if index == start {
            // The blank line: the head ends here; the body may hold anything.
            guard lines.count == expected else {
              return "\(lines.count) lines instead of \(expected)"
            }
            return requestLineProblem(lines[0])
          }
          lines.append(bytes[start..<index])
          index += 2
          start = index
          continue
        default:
          break
        }
        index += 1
      }
      return "no blank line"
    }

    /// Why `line` is not `METHOD TARGET HTTP/1.1` with no space or control inside a part.
    static func requestLineProblem(_ line: ArraySlice<UInt8>) -> String? {
      let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
      guard parts.count == 3, parts[2].elementsEqual("HTTP/1.1".utf8) else {
        return "request line \(String(decoding: line, as: UTF8.self).debugDescription)"
      }
      return nil
    }
  }

  @Test("4,000 URLs, Locations and header values never break a request head's or CONNECT's lines")
  func requestHeads() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0x4EAD_0001, 0x4EAD_0002, 0x4EAD_0003, 0x4EAD_0004]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<1_000 {
        let url = Self.url(&random)
        let location: String =
          switch random.below(4) {
          case 0: Self.url(&random)
          case 1: "//" + Self.host(&random) + random.pick(Self.paths)
          case 2: random.pick(Self.paths)
          default: Self.url(&random).lowercased()
          }
        let header = (name: random.pick(Self.names), value: Self.value(&random))
        rules.check(
          url: url, location: location, header: header,
          status: random.pick([301, 302, 303, 307, 308]), seed: seed, iteration: iteration)
      }
    }
    // Each rule is met by inputs that reached it.
    #expect(rules.sent > 500)
    #expect(rules.redirected > 300)
    #expect(rules.refused > 500)
    rules.lines.expectNone()
    rules.refusal.expectNone()
  }

  static func url(_ random: inout SeededRandomGenerator) -> String {
    random.pick(schemes) + "://" + random.pick(userInformation) + host(&random)
      + random.pick(ports) + random.pick(paths)
  }

  /// Mostly a name or an address that is fine, with hostile pieces among them.
  static func host(_ random: inout SeededRandomGenerator) -> String {
    if random.chance(60) {
      return random.pick(["a.test", "127.0.0.1", "[::1]", "Example.COM.", "b_1.a.test"])
    }
    return (0..<(1 + random.below(5))).map { _ in random.pick(hostPieces) }.joined()
  }

  static func value(_ random: inout SeededRandomGenerator) -> String {
    (0..<random.below(4)).map { _ in random.pick(values) }.joined()
  }
}

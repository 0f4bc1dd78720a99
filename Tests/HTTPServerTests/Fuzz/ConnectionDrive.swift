import Core

@testable import HTTPServer

/// One client's bytes fed to a connection's machine as the event loop feeds it: read only
/// while the machine wants bytes, in pieces of the sizes `nextRead` gives, each request
/// answered by the echo handler (200 and the body's length) before more is read, then the
/// client's side closed. The CI fuzz suite and the libFuzzer harness (which links this file)
/// both drive connections through it, so they hold the same machine to their rules.
struct ConnectionDrive {
  /// Everything the connection wrote.
  private(set) var output: [UInt8] = []
  /// The method of each request the handler got, in order.
  private(set) var methods: [String] = []
  /// Whether the connection closed.
  private(set) var closed = false
  /// The most request bytes the machine held after any step.
  private(set) var mostHeld = 0

  /// The echo handler's answer: 200 and the body's length.
  static func answer(_ request: HTTPServerRequest) -> HTTPServerResponse {
    HTTPServerResponse(status: 200, body: .bytes(Array("\(request.body.count)".utf8)))
  }

  /// Drives a new machine with `limits` through `input`.
  init(_ input: [UInt8], limits: HTTPRequestParser.Limits, nextRead: () -> Int) {
    let settings = HTTPConnectionMachine.Settings(
      limits: limits, headTimeout: .seconds(10), idleTimeout: .seconds(60),
      remoteAddress: "127.0.0.1:1")
    var machine = HTTPConnectionMachine(settings: settings, openedAt: .zero)
    var pending: [HTTPServerRequest] = []
    var peerClosed = false
    var offset = 0
    // Each step consumes input, answers a request or ends the input: a bound on steps is a
    // hang detector.
    for _ in 0..<(input.count + 64) where !closed {
      let event: HTTPConnectionMachine.Event
      if !pending.isEmpty {
        event = .responded(Self.answer(pending.removeFirst()))
      } else if offset < input.count, machine.wantsInput {
        let count = min(input.count - offset, max(1, nextRead()))
        event = .received(Array(input[offset..<offset + count]))
        offset += count
      } else if !peerClosed {
        peerClosed = true
        event = .peerClosed
      } else {
        break
      }
      for action in machine.handle(event, now: .zero, date: "Thu, 01 Jan 2026 00:00:00 GMT") {
        switch action {
        case .send(let bytes): output += bytes
        case .handle(let request):
          methods.append(request.method)
          pending.append(request)
        case .closeAfterSending, .closeNow: closed = true
        case .stream, .cancelStream, .log: break
        }
      }
      mostHeld = max(mostHeld, machine.heldBytes)
    }
  }
}

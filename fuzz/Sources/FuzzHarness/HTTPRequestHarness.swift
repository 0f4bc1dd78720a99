import Core

@testable import HTTPServer
@testable import HTTPTransport

/// Limits small enough that inputs of a few KiB reach them.
let fuzzRequestLimits = HTTPRequestParser.Limits(maximumHeadBytes: 1_024, maximumBodyBytes: 2_048)

/// Input: one byte that sets the size of the reads (1...255, or 0 for one read of the rest),
/// then the bytes a client sends. They go to a connection's machine as the event loop feeds
/// it: read only while it wants bytes, each request answered 200 with its body's length, then
/// the client closes. A trap unless the machine closes, holds at most a head, a body and one
/// read, and writes whole responses the client's reader accepts, one 200 per request handled
/// and the server's own error only last.
func fuzzHTTPRequest(_ bytes: [UInt8]) {
  guard let first = bytes.first else { return }
  let input = Array(bytes.dropFirst())
  let readSize = first == 0 ? max(input.count, 1) : Int(first)
  let settings = HTTPConnectionMachine.Settings(
    limits: fuzzRequestLimits, headTimeout: .seconds(10), idleTimeout: .seconds(60),
    remoteAddress: "127.0.0.1:1")
  var machine = HTTPConnectionMachine(settings: settings, openedAt: .zero)
  var output: [UInt8] = []
  var methods: [String] = []
  var pending: [HTTPServerRequest] = []
  var closed = false
  var peerClosed = false
  var offset = 0
  let bound = fuzzRequestLimits.maximumHeadBytes + fuzzRequestLimits.maximumBodyBytes + readSize
  for _ in 0..<(input.count + 64) where !closed {
    let event: HTTPConnectionMachine.Event
    if !pending.isEmpty {
      let request = pending.removeFirst()
      event = .responded(
        HTTPServerResponse(status: 200, body: .bytes(Array("\(request.body.count)".utf8))))
    } else if offset < input.count, machine.wantsInput {
      let count = min(input.count - offset, readSize)
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
      case .send(let sent): output += sent
      case .handle(let request):
        methods.append(request.method)
        pending.append(request)
      case .closeAfterSending, .closeNow: closed = true
      case .stream, .cancelStream, .log: break
      }
    }
    precondition(machine.heldBytes <= bound, "held \(machine.heldBytes) bytes")
  }
  precondition(closed, "the connection is still open after the client closed")
  checkResponses(output, methods: methods)
}

/// Traps unless `output` is whole responses: one 200 per method in `methods`, in order, and
/// at most one answer of the server's own, last.
func checkResponses(_ output: [UInt8], methods: [String]) {
  var rest = output[...]
  var served = 0
  // A client that closes before sending the body it announced got only `100 Continue`.
  let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
  while !rest.isEmpty, !rest.elementsEqual(interim) {
    var reader = HTTPResponseReader(method: served < methods.count ? methods[served] : "GET")
    var status: Int?
    var ended = false
    while !ended, let byte = rest.first {
      rest = rest.dropFirst()
      guard let events = try? reader.consume([byte]) else {
        preconditionFailure("response \(served + 1) is malformed")
      }
      for event in events {
        switch event {
        case .head(let head): status = head.status
        case .body: break
        case .end: ended = true
        }
      }
    }
    precondition(ended, "response \(served + 1) is cut off")
    if status == 200 {
      served += 1
    } else {
      precondition(rest.isEmpty, "the server's own \(status ?? 0) is not the last answer")
    }
  }
  precondition(served == methods.count, "\(methods.count) requests, \(served) answers")
}

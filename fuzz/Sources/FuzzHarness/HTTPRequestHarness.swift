import Core

@testable import HTTPServer

/// Limits small enough that inputs of a few KiB reach them.
let fuzzRequestLimits = HTTPRequestParser.Limits(maximumHeadBytes: 1_024, maximumBodyBytes: 2_048)

/// Input: one byte that sets the size of the reads (1...255, or 0 for one read of the rest),
/// then the bytes a client sends, driven through a connection's machine as the CI fuzz suite
/// drives it (`ConnectionDrive`, linked from the tests). A trap unless the machine closes,
/// holds at most a head, a body and one read, and writes what the suite's `ResponseStreamCheck`
/// accepts, with one 200 per request handled.
func fuzzHTTPRequest(_ bytes: [UInt8]) {
  guard let first = bytes.first else { return }
  let input = Array(bytes.dropFirst())
  let readSize = first == 0 ? max(input.count, 1) : Int(first)
  let drive = ConnectionDrive(input, limits: fuzzRequestLimits) { readSize }
  let bound = fuzzRequestLimits.maximumHeadBytes + fuzzRequestLimits.maximumBodyBytes + readSize
  precondition(drive.mostHeld <= bound, "held \(drive.mostHeld) bytes")
  precondition(drive.closed, "the connection is still open after the client closed")
  var check = ResponseStreamCheck()
  if let problem = check.problem(in: drive.output, requestMethods: drive.methods) {
    preconditionFailure(problem)
  }
  let served = check.statuses.filter { $0 == 200 }.count
  precondition(
    served == drive.methods.count, "\(drive.methods.count) requests, \(served) answers")
}

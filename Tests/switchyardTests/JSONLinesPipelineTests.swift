import Core
import Testing

@testable import switchyard

@Suite("JSONLinesPipeline", .timeLimit(.minutes(3)))
struct JSONLinesPipelineTests {
  /// Answers each line with its number and the `n` it holds.
  static let echo = JSONLinesAnswer { object, number, writer in
    writer.writeRaw("\(number) \(object["n"]?.jsonText ?? "-")")
  }

  /// What the writing end saw: the output, in order, checked line by line as it arrives.
  final class OutputCheck: Sendable {
    struct State {
      var lines = 0
      var bytes = 0
      var writes = 0
      var outOfOrder: [String] = []
      /// How many input bytes had been read when the first answer was written.
      var readWhenFirstWritten: Int?
    }
    let state = LockedState(State())
    let read = LockedState(0)

    func write(_ bytes: [UInt8]) {
      let readSoFar = read.withLock { $0 }
      state.withLock { state in
        state.writes += 1
        state.bytes += bytes.count
        if state.readWhenFirstWritten == nil { state.readWhenFirstWritten = readSoFar }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
          state.lines += 1
          let expected = "\(state.lines) \(state.lines)"
          if String(decoding: line, as: UTF8.self) != expected, state.outOfOrder.count < 5 {
            state.outOfOrder.append(String(decoding: line, as: UTF8.self))
          }
        }
      }
    }
  }

  /// The most the pipeline held at any moment, as its observer saw it.
  final class Peaks: Sendable {
    let peak = LockedState(JSONLinesPipeline.InFlight())

    func observe(_ inFlight: JSONLinesPipeline.InFlight) {
      peak.withLock { peak in
        peak.lines = max(peak.lines, inFlight.lines)
        peak.bytes = max(peak.bytes, inFlight.bytes)
      }
    }
  }

  /// A stream of `count` lines `{"n": N}` made as it is read, never held whole.
  static func generated(lines count: Int, check: OutputCheck) -> ByteSource {
    let next = LockedState(1)
    return ByteSource(
      read: { size in
        next.withLock { number in
          var bytes: [UInt8] = []
          while number <= count && bytes.count + 32 < size {
            bytes += Array("{\"n\": \(number)}\n".utf8)
            number += 1
          }
          check.read.withLock { $0 += bytes.count }
          return bytes
        }
      },
      isReady: { true })
  }

  @Test(
    "a long stream is answered in input order with at most the window's lines in flight",
    arguments: [(1, 1), (3, 2), (64, 4)])
  func boundedAndOrdered(linesPerBatch: Int, batchesInFlight: Int) async throws {
    let count = 200_000
    let check = OutputCheck()
    let peaks = Peaks()
    var pipeline = JSONLinesPipeline(
      linesPerBatch: linesPerBatch, batchesInFlight: batchesInFlight, readSize: 4_096)
    pipeline.outputBytes = 8_192
    pipeline.observer = peaks.observe
    let summary = try await pipeline.run(
      Self.generated(lines: count, check: check), Self.echo, write: check.write)
    let state = check.state.withLock { $0 }
    #expect(summary.lines == count)
    #expect(summary.failedLines == 0)
    #expect(state.lines == count)
    #expect(state.outOfOrder.isEmpty)
    // The bound holds by construction: never more than the window's lines read and not
    // yet written, however long the input.
    let peak = peaks.peak.withLock { $0 }
    #expect(peak.lines <= linesPerBatch * batchesInFlight)
    #expect(peak.lines >= linesPerBatch)
    // Streaming: answers were written long before the input ended, in large writes.
    let totalRead = check.read.withLock { $0 }
    #expect((state.readWhenFirstWritten ?? totalRead) < totalRead / 10)
    #expect(state.writes < state.bytes / 4_096)
  }

  @Test("before a read that would wait, every answer so far is written")
  func writesBeforeWaiting() async throws {
    let check = OutputCheck()
    // Three pieces of input; after each, the source says the next read would wait, and
    // that read records how many lines were written by then.
    let pieces = LockedState([
      Array("{\"n\": 1}\n{\"n\": 2}\n{\"n\"".utf8), Array(": 3}\n".utf8), Array("{\"n\": 4}".utf8),
    ])
    let writtenBeforeRead = LockedState<[Int]>([])
    let source = ByteSource(
      read: { _ in
        writtenBeforeRead.withLock { $0.append(check.state.withLock { $0.lines }) }
        return pieces.withLock { $0.isEmpty ? [] : $0.removeFirst() }
      },
      isReady: { false })
    let pipeline = JSONLinesPipeline(linesPerBatch: 64, batchesInFlight: 4)
    let summary = try await pipeline.run(source, Self.echo, write: check.write)
    #expect(summary.lines == 4)
    #expect(writtenBeforeRead.withLock { $0 } == [0, 2, 3, 3])
    #expect(check.state.withLock { $0.lines } == 4)
  }

  @Test("a read that fails ends the run with its error after the lines before it are written")
  func readFailure() async throws {
    struct Broken: Error {}
    let check = OutputCheck()
    let reads = LockedState(0)
    let source = ByteSource(
      read: { _ in
        let count = reads.withLock { reads in
          reads += 1
          return reads
        }
        guard count == 1 else { throw Broken() }
        return Array("{\"n\": 1}\n{\"n\": 2}\n".utf8)
      },
      isReady: { true })
    await #expect(throws: Broken.self) {
      try await JSONLinesPipeline(linesPerBatch: 1, batchesInFlight: 2)
        .run(source, Self.echo, write: check.write)
    }
    #expect(check.state.withLock { $0.lines } == 2)
  }
}

extension JSONLinesPipelineTests {
  @Test(
    "the bytes held stay within the window's batches and one write, however long the input",
    arguments: [(1, 2), (8, 4)])
  func boundedBytes(linesPerBatch: Int, batchesInFlight: Int) async throws {
    // Lines of 1,000 bytes answered by 2,000 bytes each: 20 MB in, 40 MB out.
    let count = 20_000
    let line =
      Array(#"{"pad": ""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 989)
      + Array(#""}"#.utf8) + [UInt8(ascii: "\n")]
    let next = LockedState(0)
    let source = ByteSource(
      read: { size in
        next.withLock { sent in
          var bytes: [UInt8] = []
          while sent < count && bytes.count + line.count <= size {
            bytes += line
            sent += 1
          }
          return bytes
        }
      },
      isReady: { true })
    let doubled = JSONLinesAnswer { object, _, writer in
      let pad = object["pad"]?.stringValue ?? ""
      writer.writeRaw(pad + pad)
    }
    let written = LockedState(0)
    let peaks = Peaks()
    var pipeline = JSONLinesPipeline(
      linesPerBatch: linesPerBatch, batchesInFlight: batchesInFlight, readSize: 16_384)
    pipeline.outputBytes = 65_536
    pipeline.outputBytesPerBatch = 1 << 30
    pipeline.observer = peaks.observe
    let summary = try await pipeline.run(source, doubled) { bytes in
      written.withLock { $0 += bytes.count }
    }
    #expect(summary.lines == count)
    #expect(written.withLock { $0 } == count * 1_979)
    // Each batch in flight holds its input or its answer, and the answers written so far
    // wait for at most one write, the last batch added to them included.
    let peak = peaks.peak.withLock { $0 }
    let batch = linesPerBatch * 1_979
    #expect(peak.bytes <= batchesInFlight * batch + pipeline.outputBytes + batch)
    #expect(peak.bytes >= linesPerBatch * 1_000)
  }

  @Test("a line with no end stops the run once it passes the limit, after the lines before it")
  func unendedLine() async throws {
    let check = OutputCheck()
    let first = LockedState(true)
    // `{"n": 1}`, then bytes without a line feed for ever, as /dev/zero gives.
    let source = ByteSource(
      read: { size in
        first.withLock { first in
          defer { first = false }
          return first ? Array("{\"n\": 1}\n".utf8) : [UInt8](repeating: 0, count: size)
        }
      },
      isReady: { true })
    var pipeline = JSONLinesPipeline(linesPerBatch: 4, batchesInFlight: 2, readSize: 1_000)
    pipeline.maximumLineBytes = 100
    pipeline.maximumUnendedLineBytes = 50_000
    await #expect {
      try await pipeline.run(source, Self.echo, write: check.write)
    } throws: { error in
      "\(error)" == "line 2 has no line feed in its first 50000 bytes; stopped reading"
    }
    #expect(check.state.withLock { $0.lines } == 1)
  }
}

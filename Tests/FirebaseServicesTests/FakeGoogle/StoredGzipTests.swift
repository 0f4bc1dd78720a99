import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("StoredGzip")
struct StoredGzipTests {
  @Test(
    "URLSession's inflater (CRC and size checked) reads every size back, in one block or many",
    arguments: [0, 1, 999, 1000, 65_535, 65_536, 200_000])
  func platformInflates(size: Int) async throws {
    try await LoopbackHTTPServer.with { server in
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
      for blockSize in [1000, StoredGzip.maximumBlockSize] {
        server.enqueue(
          at: "/g",
          LoopbackResponse(
            status: 200, headers: [(name: "Content-Encoding", value: "gzip")],
            body: .complete(StoredGzip.encode(bytes, blockSize: blockSize))))
        let (data, _) = try await URLSession.shared.data(from: server.url("/g"))
        #expect(Array(data) == bytes)
      }
    }
  }

  @Test("a member is the gzip header, stored blocks with LEN and NLEN, then CRC-32 and size")
  func layout() {
    let encoded = StoredGzip.encode(Array("abc".utf8))
    #expect(
      encoded == [
        0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF,  // header
        0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63,  // final stored block "abc"
        0xC2, 0x41, 0x24, 0x35, 0x03, 0x00, 0x00, 0x00,  // CRC-32 0x352441C2, size 3
      ])
  }
}

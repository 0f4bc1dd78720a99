import Core
import Foundation
import Testing

@Suite("Reason and Explained")
struct ReasonTests {
  @Test("reasons print as sentences, diagnostics with a warning prefix")
  func descriptions() {
    #expect(Reason.because("maintenance is on").description == "maintenance is on")
    #expect(Reason.diagnostic("bad value").description == "warning: bad value")
    let explained = Explained("elementary", reasons: [.because("grade 1"), .diagnostic("x")])
    #expect(explained.diagnostics == [.diagnostic("x")])
  }
}

import RootRouting
import Testing

@Suite("RootRouting module")
struct RootRoutingModuleTests {
  @Test("the module names itself for diagnostics")
  func name() {
    #expect(RootRoutingModule.name == "RootRouting")
  }
}

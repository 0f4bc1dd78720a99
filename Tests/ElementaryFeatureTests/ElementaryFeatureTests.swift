import Core
import ElementaryFeature
import Testing

@Suite("ElementaryFeature")
struct ElementaryFeatureTests {
  @Test("the feature's identity is the elementary course")
  func identity() {
    #expect(ElementaryFeature.id == .elementary)
  }
}

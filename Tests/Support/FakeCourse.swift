public import Core

/// A fake course built the way a feature module builds its descriptor, for the tests of
/// descriptors and of routing (which import no feature module).
public enum FakeCourse {
  /// Elementary, serving elementary grades while `isOpen` is true; portrait on phones,
  /// landscape on pads. It reads its key once, in `makeRule`, and keeps the diagnostic of a
  /// value that does not decode. Each suite passes its own key, so its names show in what it
  /// checks.
  public static func elementary(isOpen: ConfigKey<Bool>) -> FeatureDescriptor {
    FeatureDescriptor(
      id: "elementary", module: "ElementaryFeature", keys: [isOpen.erased],
      orientations: FeatureOrientations(phone: .portrait, pad: .landscape)
    ) { values in
      let open = values.resolve(isOpen)
      return FeatureRule(diagnostics: open.diagnostic.map { [$0] } ?? []) { user in
        guard open.value else { return .declines(because: "elementary is closed") }
        return user.grade.stage == .elementary
          ? .serves(because: "elementary serves elementary grades")
          : .declines(because: "elementary serves elementary grades only")
      }
    }
  }
}

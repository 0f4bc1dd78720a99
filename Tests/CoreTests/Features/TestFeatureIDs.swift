import Core

extension FeatureID {
  /// Course identities declared as a feature module declares its own: Core names no feature,
  /// and its tests import none.
  static let elementary: FeatureID = "elementary"
  static let juniorHigh: FeatureID = "juniorHigh"
}

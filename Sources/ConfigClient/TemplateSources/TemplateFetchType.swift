/// Why a fetch is made, as Firebase's app fetch tells its server in
/// `X-Firebase-RC-Fetch-Type`: an ordinary fetch, or one of the fetches a real-time
/// invalidation starts.
public enum TemplateFetchType: Sendable, Hashable {
  /// A fetch the app asked for (`BASE/1`).
  case base
  /// The `attempt`th fetch (from 1) after a real-time invalidation (`REALTIME/<attempt>`).
  case realtime(attempt: Int)

  /// The header's value: `BASE/1` or `REALTIME/<attempt>`, as Firebase's iOS and Android
  /// SDKs send it.
  public var headerValue: String {
    switch self {
    case .base: "BASE/1"
    case .realtime(let attempt): "REALTIME/\(max(1, attempt))"
    }
  }
}

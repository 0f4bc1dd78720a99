/// The endpoints `switchyard serve` answers, as `/metrics` labels them: a fixed set, so a
/// client cannot grow the metrics by sending new paths.
enum ServedEndpoint: String, CaseIterable, Sendable {
  case ofrepFlag = "ofrep_flag"
  case ofrepBulk = "ofrep_bulk"
  case ofrepOther = "ofrep_other"
  case route
  case healthz
  case readyz
  case metrics
  case other

  /// The label value in `/metrics`.
  var label: String { rawValue }

  /// The endpoint a request's path (without its query) names.
  init(path: String) {
    switch path {
    case "/ofrep/v1/evaluate/flags": self = .ofrepBulk
    case _ where path.hasPrefix("/ofrep/v1/evaluate/flags/"): self = .ofrepFlag
    case _ where path.hasPrefix("/ofrep/"): self = .ofrepOther
    case "/switchyard/v1/route": self = .route
    case "/healthz": self = .healthz
    case "/readyz": self = .readyz
    case "/metrics": self = .metrics
    default: self = .other
    }
  }
}

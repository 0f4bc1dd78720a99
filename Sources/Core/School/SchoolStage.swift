/// A school stage as the backend reports it. Unknown stages are kept by name so a new stage
/// on the backend never breaks decoding; features simply do not serve it.
public enum SchoolStage: Sendable, Hashable {
  /// Elementary school, years 1...6.
  case elementary
  /// Junior-high school, years 1...3.
  case juniorHigh
  /// High school, years 1...3.
  case highSchool
  /// A stage this version of the app does not know, kept by its backend name.
  case other(String)

  /// Creates the stage for a backend name: `elementary`, `juniorHigh`, `highSchool`, or any
  /// other non-empty name as `.other`.
  public init(name: String) {
    switch name {
    case "elementary": self = .elementary
    case "juniorHigh": self = .juniorHigh
    case "highSchool": self = .highSchool
    default: self = .other(name)
    }
  }

  /// The backend name of the stage.
  public var name: String {
    switch self {
    case .elementary: "elementary"
    case .juniorHigh: "juniorHigh"
    case .highSchool: "highSchool"
    case .other(let name): name
    }
  }

  /// The school years this stage has: 1...6 for elementary, 1...3 for every other stage.
  public var validYears: ClosedRange<Int> {
    switch self {
    case .elementary: 1...6
    case .juniorHigh, .highSchool, .other: 1...3
    }
  }
}

extension SchoolStage: CustomStringConvertible {
  /// The backend name, e.g. `juniorHigh`.
  public var description: String { name }
}

import ConfigEngine
import Core
import FlagEvaluation

/// The context of an OFREP request's body, read and checked before anything is evaluated.
struct OFREPContext {
  /// The context as the request gave it.
  let flagContext: FlagContext
  /// What it means for the engine.
  let evaluationContext: EvaluationContext

  /// Reads `{"context": {...}}`. An empty body, an absent context or a null one is the empty
  /// context; other members of the body are ignored.
  /// - Throws: `OFREPRequestError`: `PARSE_ERROR` for a body that is not that shape,
  ///   `INVALID_CONTEXT` naming the attribute for a context that cannot be used.
  init(body: [UInt8]) throws(OFREPRequestError) {
    var context = FlagContext()
    if body.contains(where: { !Self.isWhitespace($0) }) {
      let document: JSONValue
      do {
        document = try JSONParser().parse(body)
      } catch {
        throw OFREPRequestError(.parseError, "the body is not JSON: \(error)")
      }
      guard case .object(let object) = document else {
        throw OFREPRequestError(
          .parseError,
          "the body must be a JSON object {\"context\": {...}}, found \(document.kindDescription)")
      }
      switch object["context"] {
      case nil, .null?:
        break
      case .object(let members)?:
        do {
          context = try FlagContext(json: members)
        } catch {
          throw OFREPRequestError(.invalidContext, error.description)
        }
      case let other?:
        throw OFREPRequestError(
          .parseError, "the body's context must be a JSON object, found \(other.kindDescription)")
      }
    }
    flagContext = context
    do {
      evaluationContext = try context.evaluationContext()
    } catch {
      throw OFREPRequestError(.invalidContext, error.description)
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// A request the responder refuses before evaluating: the error code and what to fix.
struct OFREPRequestError: Error {
  let code: FlagErrorCode
  let message: String

  init(_ code: FlagErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }
}

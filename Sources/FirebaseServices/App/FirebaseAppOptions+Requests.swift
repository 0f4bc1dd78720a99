import Core
import Foundation
import HTTPTransport

extension FirebaseAppOptions {
  /// A POST of strict JSON to `url` as every Firebase app call sends it (Android's way: the
  /// API key in the `X-Goog-Api-Key` header, never in the URL): JSON content headers, the API
  /// key, the app's bundle or package header when known, then `headers`. Marked as carrying a
  /// secret, so it goes only over https or to loopback: HTTP knows no Google header, so this
  /// mark is what guards the API key and the installation's tokens.
  func post(_ url: URL, body: JSONValue, headers: [(name: String, value: String)]) -> HTTPRequest {
    var fields = [
      (name: "Content-Type", value: "application/json"),
      (name: "Accept", value: "application/json"),
      (name: "X-Goog-Api-Key", value: apiKey),
    ]
    if let packageName, !packageName.isEmpty {
      switch platform {
      case .ios: fields.append((name: "X-Ios-Bundle-Identifier", value: packageName))
      case .android: fields.append((name: "X-Android-Package", value: packageName))
      case .web: break
      }
    }
    fields += headers
    return HTTPRequest(
      method: "POST", url: url, headers: fields, body: Array(body.jsonText.utf8),
      carriesSecret: true)
  }
}

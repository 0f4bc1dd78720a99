/// How the app's scene is on screen.
public enum WindowingMode: String, Sendable, Hashable, CaseIterable {
  /// The whole screen (an iPhone app, or an iPad app in the Full-Screen Apps mode).
  case fullScreen
  /// A window the person resizes (iPadOS Windowed Apps or Stage Manager).
  case resizable
  /// The iPhone shown on a Mac through iPhone Mirroring.
  case mirroring
}

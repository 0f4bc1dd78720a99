import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Words for an error a file-system call reported, for messages that name the path: the
/// same whoever runs the tool (a missing file is not "permission denied" for root), never a
/// Foundation code such as "error 256".
package enum FileSystemErrorText {
  /// For example `no such file` for `ENOENT`; the system's text for the rare others.
  package static func reason(errno code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case ENOTDIR: "a part of the path is a file, not a directory"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "it is a directory, not a file"
    case ELOOP: "too many symbolic links"
    case ENAMETOOLONG: "the path is too long"
    case ENXIO: "it is a device or socket nobody serves"
    case EROFS: "the file system is read-only"
    case ENOSPC: "no space left on the device"
    default: String(cString: strerror(code))
    }
  }
}

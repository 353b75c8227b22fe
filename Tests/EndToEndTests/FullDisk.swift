import Foundation

extension CLI {
  /// Runs the shell lines `then` gives, with a database on a disk that is full: a 768 KiB
  /// tmpfs (a new database's migrations write some 480 KiB of log), in a private mount
  /// namespace (`unshare -rm`, see ``DatabaseSafetyTests/canMountTmpfs``), holding one drink at
  /// 08:00 and then filled up with a file called `filler`. `then` gets the database's path and the disk's mount point; the
  /// whole story runs in one shell, since the mount exists only inside it.
  /// - Returns: What the shell printed, and the database's path for the messages.
  func onAFullDisk(
    then: (_ database: String, _ disk: String) -> String
  ) throws -> (result: Result, database: String) {
    let disk = folder.appendingPathComponent("small").path
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let database = disk + "/liquidus.sqlite"
    let result = try shell(
      """
      unshare -rm sh -c '
        mount -t tmpfs -o size=768k tmpfs "\(disk)" || exit 99
        "$LIQUIDUS" --db "\(database)" log water 250ml --at 08:00 >/dev/null || exit 98
        dd if=/dev/zero of="\(disk)/filler" bs=1k count=1024 2>/dev/null
      \(then(database, disk))
      '
      """)
    return (result, database)
  }
}

/// A fixed, pre-generated sequence of random indices, so that picking "a random type" costs the
/// same array read for every system and draws the same sequence in every run.
///
/// The generator is SplitMix64 with a fixed seed; the sequence's length is a power of two, so a
/// loop walks it with a mask instead of a division.
///
/// ```swift
/// let picks = RandomIndices(count: 1 << 16, below: 10_000)
/// for i in 0..<iterations { use(types[picks[i]]) }
/// ```
public struct RandomIndices: Sendable {
  private let values: [Int]
  private let mask: Int

  /// `count` indices in `0..<upperBound`; `count` is rounded up to a power of two.
  public init(count: Int, below upperBound: Int, seed: UInt64 = 0x0D15_C09E) {
    var state = seed
    let length = 1 << (Int.bitWidth - (max(count, 2) - 1).leadingZeroBitCount)
    values = (0..<length).map { _ in
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      return Int(mixed % UInt64(upperBound))
    }
    mask = length - 1
  }

  /// The `position`th index, wrapping around the sequence.
  @inline(__always)
  public subscript(position: Int) -> Int { values[position & mask] }
}

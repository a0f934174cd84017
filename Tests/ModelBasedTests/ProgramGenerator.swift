#if ModelTests
  import DIScope
  import PropertyBased
  import TestSupport

  /// Programs for `propertyCheck`: the n-th program drawn is a function of the seed and n alone.
  ///
  /// PropertyBased seeds its own generator at random for every run, and its `.fixedSeed` trait
  /// runs a single case (and reports an issue when it passes), so it cannot give what
  /// `Scripts/test` needs: a fixed seed and a bounded count. So programs are drawn from our own
  /// seeded stream, and the library is left to do what it does well: run the cases, and shrink a
  /// failing program by omitting steps (`Shrink.omitSingleElement`) until no single step can go.
  final class ProgramSource: Sendable {
    let seed: UInt64
    private let drawn = Locked(0)

    init(seed: UInt64) { self.seed = seed }

    /// How many programs were drawn so far: the case number of the newest.
    var count: Int { drawn.withLock { $0 } }

    var generator: Generator<[Op], Shrink.Omit<[Op]>> {
      Generator(
        run: { [self] _ in
          let index = drawn.withLock { count in
            count += 1
            return count - 1
          }
          return Self.program(seed: seed, case: index)
        },
        shrink: { program in Shrink.omitSingleElement(from: program) })
    }

    /// The program of case `index` under `seed`.
    static func program(seed: UInt64, case index: Int) -> [Op] {
      var mixer = SplitMix64(state: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
      var rng = Xoshiro(seed: (mixer.next(), mixer.next(), mixer.next(), mixer.next()))
      return ProgramDraw.program(using: &rng)
    }
  }

  /// Draws one program. Most begin by registering every service at the root (a program that
  /// registers nothing only ever fails to resolve), in a random order and with random scopes;
  /// then steps are weighted toward resolves.
  enum ProgramDraw {
    static func program(using rng: inout some RandomNumberGenerator) -> [Op] {
      let length = Int.random(in: 1...ModelSettings.maximumLength, using: &rng)
      var program: [Op] = []
      if Int.random(in: 0..<10, using: &rng) < 7 {
        for service in Service.allCases.shuffled(using: &rng) where program.count < length {
          program.append(
            service == .requestID && Bool.random(using: &rng)
              ? .value(at: 0) : .register(service, scope(using: &rng), loop: loop(service, using: &rng), at: 0))
        }
      }
      var depth = 0  // the open requests, to keep begin and end roughly paired
      while program.count < length {
        let op = self.op(depth: depth, using: &rng)
        switch op {
        case .beginRequest: depth = min(depth + 1, Op.maximumDepth)
        case .endRequest: depth = max(depth - 1, 0)
        default: break
        }
        program.append(op)
      }
      return program
    }

    static func op(depth: Int, using rng: inout some RandomNumberGenerator) -> Op {
      let service = Service.allCases.randomElement(using: &rng)!
      let level = Int.random(in: 0...depth, using: &rng)
      let index = Int.random(in: 0..<8, using: &rng)
      switch Int.random(in: 0..<100, using: &rng) {
      case ..<12: return .register(service, scope(using: &rng), loop: loop(service, using: &rng), at: level)
      case ..<52: return .resolve(service, at: level, hold: Bool.random(using: &rng))
      case ..<57: return .value(at: level)
      case ..<63: return .mock(service, disposing: Bool.random(using: &rng), at: level)
      case ..<70: return .remove(index)
      case ..<76: return .setScope(index, scope(using: &rng))
      case ..<80: return .setCaching(index, Bool.random(using: &rng))
      case ..<87: return depth < Op.maximumDepth ? .beginRequest : .resolve(service, at: level, hold: false)
      case ..<93: return depth > 0 ? .endRequest : .dropHeld
      case ..<95: return .shutdown(at: level)
      default: return .dropHeld
      }
    }

    static func scope(using rng: inout some RandomNumberGenerator) -> Scope {
      Scope.allCases.randomElement(using: &rng)!
    }

    /// Now and then a Config that needs a Handler: a cycle unless something on it is cached.
    static func loop(_ service: Service, using rng: inout some RandomNumberGenerator) -> Bool {
      service == .config && Int.random(in: 0..<6, using: &rng) == 0
    }
  }

  /// Spreads a 64-bit seed over a generator's state (Steele, Lea and Flood's SplitMix64).
  struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
#endif

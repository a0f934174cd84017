import DIScopeSwinject
import Testing

// `Provider` and `Lazy` as Swinject 2.10 has them (Sources/InstanceWrapper.swift and
// Container.swift's `resolveAsWrapper`): a wrapper's factory sets the graph it was given (a
// `Lazy`'s: the graph it was resolved in; a `Provider`'s: none), resolves the service as a resolve
// of its own (one level deeper, so the graph it set ends with it when it is outside any resolve),
// then puts back the graph it found if there was one. So a `Provider` used outside a resolve
// starts a new graph at each `instance`; used inside one (in a factory), it resolves in that
// graph. A `Lazy` builds once, in its graph, and leaves no graph behind. Each expectation below
// is what that code gives.

private final class DB {}
private final class Work {}
private final class Rep {
  let db: Lazy<DB>
  let work: Provider<Work>
  init(db: Lazy<DB>, work: Provider<Work>) { (self.db, self.work) = (db, work) }
}
private final class Pair {
  let first: Work
  let second: Work
  let direct: Work
  init(first: Work, second: Work, direct: Work) { (self.first, self.second, self.direct) = (first, second, direct) }
}
private final class Holder {
  let work: Work
  let lazy: Lazy<Work>
  let db: Lazy<DB>
  init(work: Work, lazy: Lazy<Work>, db: Lazy<DB>) { (self.work, self.lazy, self.db) = (work, lazy, db) }
}

/// `DB` a `.container` singleton, `Work` in `scope`, `Rep` (default `.graph`) holding a
/// `Lazy<DB>` and a `Provider<Work>`.
private func makeContainer(work scope: ObjectScope = .graph) -> Container {
  let c = Container()
  c.register(DB.self) { _ in DB() }.inObjectScope(.container)
  c.register(Work.self) { _ in Work() }.inObjectScope(scope)
  c.register(Rep.self) { r in Rep(db: r.resolve(Lazy<DB>.self)!, work: r.resolve(Provider<Work>.self)!) }
  c.register(Holder.self) { r in
    Holder(work: r.resolve(Work.self)!, lazy: r.resolve(Lazy<Work>.self)!, db: r.resolve(Lazy<DB>.self)!)
  }
  return c
}

struct WrapperSemanticsTests {
  /// The defect: a `Lazy` of a cached singleton, used outside the resolve that made it, left its
  /// graph set on the thread, and every `Provider` after it resolved in that graph.
  @Test func providerGivesNewInstancesAfterALazyOfASingletonWasUsed() throws {
    let c = makeContainer()
    _ = try #require(c.resolve(Rep.self)).db.instance
    let rep = try #require(c.resolve(Rep.self))
    _ = rep.db.instance
    #expect(rep.work.instance !== rep.work.instance)
  }

  /// The same leak seen by a plain resolve: after the `Lazy` is used, the next root resolve
  /// starts a graph of its own, and does not get the `.graph` instance of the `Lazy`'s graph.
  @Test func aRootResolveAfterALazyUseStartsItsOwnGraph() throws {
    let c = makeContainer()
    let db = try #require(c.resolve(DB.self))
    let holder = try #require(c.resolve(Holder.self))
    #expect(holder.db.instance === db)
    #expect(c.resolve(Work.self) !== holder.work)
    #expect(c.resolve(Work.self) !== c.resolve(Work.self))
  }

  @Test func lazyAfterProvider() throws {
    let c = makeContainer()
    let rep = try #require(c.resolve(Rep.self))
    let first = rep.work.instance
    #expect(rep.work.instance !== first)
    let db = rep.db.instance
    #expect(db === c.resolve(DB.self))
    #expect(rep.db.instance === db)
    #expect(rep.work.instance !== first)
    #expect(rep.work.instance !== rep.work.instance)
  }

  /// A `Lazy` of a `.graph` service builds in the graph it was resolved in: it answers with that
  /// graph's instance while something holds it, even used after that resolve returned.
  @Test func lazyOfAGraphServiceBuildsInItsGraph() throws {
    let c = makeContainer()
    let holder = try #require(c.resolve(Holder.self))
    #expect(holder.lazy.instance === holder.work)
    #expect(holder.lazy.instance === holder.work)
    let other = try #require(c.resolve(Holder.self))
    #expect(other.lazy.instance === other.work)
    #expect(other.work !== holder.work)
  }

  /// The same with the `Lazy` made before the instance is built, deeper in the graph: a `.graph`
  /// registration is shared by DIScope's graph scope, and kept in Swinject's storage only once a
  /// graph was made (here by the `Lazy`), so both orders must answer alike.
  @Test func lazyMadeBeforeItsGraphInstanceIsBuiltAnswersWithIt() throws {
    let c = makeContainer()
    c.register(Holder.self) { r in
      let lazy = r.resolve(Lazy<Work>.self)!
      let db = r.resolve(Lazy<DB>.self)!
      return Holder(work: r.resolve(Work.self)!, lazy: lazy, db: db)
    }
    let holder = try #require(c.resolve(Holder.self))
    #expect(holder.lazy.instance === holder.work)
    let other = try #require(c.resolve(Holder.self))
    #expect(other.lazy.instance === other.work)
    #expect(other.work !== holder.work)
  }

  /// A `.graph` instance built in a parent's registration before a child's `Lazy` made the graph:
  /// kept for the child's graph too.
  @Test func lazyInAChildFindsWhatItsGraphBuiltFromTheParent() throws {
    let parent = makeContainer()
    let child = Container(parent: parent)
    child.register(Holder.self) { r in
      Holder(work: r.resolve(Work.self)!, lazy: r.resolve(Lazy<Work>.self)!, db: r.resolve(Lazy<DB>.self)!)
    }
    let holder = try #require(child.resolve(Holder.self))
    #expect(holder.lazy.instance === holder.work)
  }

  /// A `Lazy` resolved outside any resolve has no graph: each builds in a graph of its own, once.
  @Test func lazyResolvedAtTheRootBuildsOnceInAGraphOfItsOwn() throws {
    let c = makeContainer()
    let one = try #require(c.resolve(Lazy<Work>.self))
    let two = try #require(c.resolve(Lazy<Work>.self))
    #expect(one.instance === one.instance)
    #expect(one.instance !== two.instance)
  }

  @Test func lazyOfATransientServiceBuildsOncePerLazy() throws {
    let c = makeContainer(work: .transient)
    let holder = try #require(c.resolve(Holder.self))
    let built = holder.lazy.instance
    #expect(holder.lazy.instance === built)
    #expect(built !== holder.work)
    let rep = try #require(c.resolve(Rep.self))
    #expect(rep.work.instance !== rep.work.instance)
  }

  @Test func lazyOfAContainerServiceIsTheSingleton() throws {
    let c = makeContainer(work: .container)
    let holder = try #require(c.resolve(Holder.self))
    #expect(holder.lazy.instance === holder.work)
    #expect(holder.lazy.instance === c.resolve(Work.self))
    // A `Provider` of a `.container` service answers the singleton each time.
    let rep = try #require(c.resolve(Rep.self))
    #expect(rep.work.instance === holder.work)
  }

  /// Inside a resolve (in a factory), a `Provider` resolves in the graph under way: a `.graph`
  /// service is that graph's one instance, a `.transient` one is new each time.
  @Test(arguments: [ObjectScope.graph, .transient])
  func providerInsideAGraph(scope: ObjectScope) throws {
    let c = makeContainer(work: scope)
    c.register(Pair.self) { r in
      let provider = r.resolve(Provider<Work>.self)!
      return Pair(first: provider.instance, second: provider.instance, direct: r.resolve(Work.self)!)
    }
    let pair = try #require(c.resolve(Pair.self))
    if scope === ObjectScope.graph {
      #expect(pair.first === pair.second && pair.second === pair.direct)
    } else {
      #expect(pair.first !== pair.second && pair.second !== pair.direct && pair.first !== pair.direct)
    }
    // And the graph ended with the resolve: the next one has its own.
    #expect(try #require(c.resolve(Pair.self)).first !== pair.first)
  }

  /// A `Lazy` used inside another resolve (in a factory): on Swinject it builds in its own graph,
  /// and the resolve under way goes on in its own. Here the graph is put back as on Swinject, but
  /// DIScope's cache of the resolve under way keeps one instance of a `.graph` service for the
  /// whole resolve, so the `Lazy` and the resolve share whichever was resolved first (the README
  /// lists this difference). Pinned, so that the day it is fixed, this test says so.
  @Test func lazyUsedInsideAnotherResolve() throws {
    let c = makeContainer()
    let holder = try #require(c.resolve(Holder.self))
    c.register(Pair.self) { r in
      let first = r.resolve(Work.self)!
      return Pair(first: first, second: r.resolve(Work.self)!, direct: holder.lazy.instance)
    }
    let pair = try #require(c.resolve(Pair.self))
    #expect(pair.first === pair.second)
    #expect(pair.first !== holder.work)
    withKnownIssue("DIScope's graph cache of the resolve under way answers the Lazy") {
      #expect(pair.direct === holder.work)
    }
  }
}

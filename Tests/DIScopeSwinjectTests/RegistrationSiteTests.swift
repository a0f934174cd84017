import DIScope
import DIScopeSwinject
import Testing

/// A registration made through Swinject's API says where the app made it, as DIScope's own do:
/// `discope attach`, `explain` and errors name the file and line of the `register` call, and a
/// type forwarded with `implements`, or a scope changed with `inObjectScope`, keeps them.
struct SwinjectRegistrationSiteTests {
  private func site<Service>(of _: Service.Type, in container: DIScopeSwinject.Container)
    -> RegistrationSite?
  {
    container.discope.stacks.first { $0.key.serviceName == String(describing: Service.self) }?
      .registrations.first?.location
  }

  @Test func registerNamesItsCallThroughEveryPath() {
    let container = DIScopeSwinject.Container()
    let typedLine = #line + 1
    container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
    let argumentLine = #line + 1
    container.register(Repository.self) { (r, _: Int) in Repository(store: r.resolve(Store.self)!) }
    #expect(site(of: Store.self, in: container) == RegistrationSite(fileID: #fileID, line: typedLine))
    #expect(site(of: Repository.self, in: container) == RegistrationSite(fileID: #fileID, line: argumentLine))
  }

  @Test func aForwardedTypeNamesTheRegistrationItForwardsTo() {
    let container = DIScopeSwinject.Container()
    let line = #line + 1
    container.register(MemoryStore.self) { _ in MemoryStore() }.implements(Store.self)
    #expect(site(of: Store.self, in: container) == RegistrationSite(fileID: #fileID, line: line))
  }
}

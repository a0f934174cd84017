/// Type forwarding: one registration answering for several types.
extension ServiceEntry {
  /// Makes the registration answer for `type` too (under `name`): the same instance, in the same
  /// scope.
  ///
  /// ```swift
  /// container.register(Dog.self) { _ in Dog() }.implements(Animal.self, Pet.self)
  /// ```
  @discardableResult
  public func implements<T>(_ type: T.Type, name: String? = nil) -> ServiceEntry<Service> {
    container?.forward(type, name: name, to: self)
    return self
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2>(_ type1: T1.Type, _ type2: T2.Type) -> ServiceEntry<Service> {
    implements(type1).implements(type2)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3>(_ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type)
    -> ServiceEntry<Service>
  {
    implements(type1, type2).implements(type3)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3).implements(type4)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4, T5>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type, _ type5: T5.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3, type4).implements(type5)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4, T5, T6>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type, _ type5: T5.Type,
    _ type6: T6.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3, type4, type5).implements(type6)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4, T5, T6, T7>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type, _ type5: T5.Type,
    _ type6: T6.Type, _ type7: T7.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3, type4, type5, type6).implements(type7)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4, T5, T6, T7, T8>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type, _ type5: T5.Type,
    _ type6: T6.Type, _ type7: T7.Type, _ type8: T8.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3, type4, type5, type6, type7).implements(type8)
  }

  /// Makes the registration answer for each of the types too.
  @discardableResult
  public func implements<T1, T2, T3, T4, T5, T6, T7, T8, T9>(
    _ type1: T1.Type, _ type2: T2.Type, _ type3: T3.Type, _ type4: T4.Type, _ type5: T5.Type,
    _ type6: T6.Type, _ type7: T7.Type, _ type8: T8.Type, _ type9: T9.Type
  ) -> ServiceEntry<Service> {
    implements(type1, type2, type3, type4, type5, type6, type7, type8).implements(type9)
  }
}

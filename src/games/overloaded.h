#pragma once
// Overloaded{lambdas...}: one visitor for std::visit over an action variant, a lambda per kind.

namespace inbetween::games {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// Clang 14 does not deduce aggregate template arguments (P1816) without a guide.
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace inbetween::games

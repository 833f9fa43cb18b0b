# The page's engine (wasm.cmake) takes its libraries as headers alone: fmt (FMT_HEADER_ONLY), toml++
# (TOML_HEADER_ONLY), nlohmann-json, pcg and xxHash (XXH_INLINE_ALL), from Debian's packages. Only their own folders are put
# on the include path (linked into the build tree): /usr/include itself holds the host's C library,
# which Emscripten's must not meet.
set(inbetween_host_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${inbetween_host_headers})
foreach(name nlohmann fmt toml++ pcg_random.hpp pcg_extras.hpp pcg_uint128.hpp xxhash.h)
  if(NOT EXISTS /usr/include/${name})
    message(FATAL_ERROR "the page's engine needs /usr/include/${name}: apt-get install nlohmann-json3-dev libfmt-dev libtomlplusplus-dev libpcg-cpp-dev libxxhash-dev (./run does)")
  endif()
  file(CREATE_LINK /usr/include/${name} ${inbetween_host_headers}/${name} SYMBOLIC)
endforeach()
foreach(target fmt::fmt tomlplusplus::tomlplusplus nlohmann_json::nlohmann_json)
  add_library(${target} INTERFACE IMPORTED)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${inbetween_host_headers})
endforeach()
set_target_properties(fmt::fmt PROPERTIES INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
set_target_properties(tomlplusplus::tomlplusplus PROPERTIES INTERFACE_COMPILE_DEFINITIONS TOML_HEADER_ONLY=1)

# The engine for the page (issue 50; docs/architecture.md, "The engine in the page"): the cards,
# rules, families, runtime table and protocol libraries, compiled by Emscripten into one
# WebAssembly module whose one function answers the engine protocol (wasm/engine.cpp), with the
# rule and deck files inside it at INBETWEEN_DATA_DIR. Included by src/CMakeLists.txt under
# `emcmake cmake -S . -B build-wasm` (./run test builds it and tests/wasm/ checks it against the
# native engine).

# pcg's headers (dependencies.cmake) for the shoe's generator.
target_include_directories(inbetween_cards SYSTEM PUBLIC ${inbetween_host_headers})

# Exceptions are how a refusal leaves the engine, caught as natively: on in every file's compile
# and in the link (Emscripten leaves them off by default). WebAssembly's own exceptions, not
# Emscripten's JavaScript ones, which route every call that may throw through a JavaScript
# trampoline: sensible bots' moves 1.2 (hoyle) to 1.6 (red-dog) times as fast, the .wasm 397 KB
# gzipped instead of 418 (docs/performance.md, "The engine as WebAssembly"); every browser of the
# last years and Node 20 run them.
target_compile_options(inbetween_flags INTERFACE -fwasm-exceptions)
target_link_options(inbetween_flags INTERFACE -fwasm-exceptions)
# wasm32's size_t is 32 bits: a 64-bit draw or count made an index (always below the size it
# indexes, a few hundred at most) is what the native build's -Wconversion already checks there.
target_compile_options(inbetween_flags INTERFACE -Wno-shorten-64-to-32)

# The families' terminal files belong to the native program and its views: gathered here, never
# built (the page draws the table itself).
add_library(inbetween OBJECT EXCLUDE_FROM_ALL)
add_library(inbetween_views OBJECT EXCLUDE_FROM_ALL)
include(families/families.cmake)

add_executable(inbetween_engine wasm/engine.cpp)
target_link_libraries(inbetween_engine PRIVATE inbetween_protocol)
# One module for the page, a worker and Node (MODULARIZE: a factory taking the .wasm's bytes, as Node 20 cannot fetch a file
# path); memory grows with a solver's table.
set(inbetween_engine_flags
    -sMODULARIZE=1 -sEXPORT_NAME=createInbetweenEngine -sENVIRONMENT=web,worker,node
    -sALLOW_MEMORY_GROWTH=1
    -sEXPORTED_FUNCTIONS=_inbetween_handle,_inbetween_local -sEXPORTED_RUNTIME_METHODS=cwrap
    "SHELL:--embed-file ${CMAKE_SOURCE_DIR}/rules@/inbetween/rules"
    "SHELL:--embed-file ${CMAKE_SOURCE_DIR}/decks@/inbetween/decks")
target_link_options(inbetween_engine PRIVATE ${inbetween_engine_flags})
set_target_properties(inbetween_engine PROPERTIES OUTPUT_NAME inbetween-engine SUFFIX .js RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
                      LINK_DEPENDS "${CMAKE_SOURCE_DIR}/rules;${CMAKE_SOURCE_DIR}/decks")

if(INBETWEEN_UNITY)
  set_target_properties(inbetween_cards inbetween_rules inbetween_families inbetween_games inbetween_protocol PROPERTIES UNITY_BUILD ON)
endif()

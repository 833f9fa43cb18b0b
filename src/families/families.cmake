# Every family of INBETWEEN_FAMILIES (src/CMakeLists.txt) into the libraries, and the headers,
# written into the build tree, that include its family.h, codec.h and terminal.h where the
# registry (games/registry.h), the protocol (protocol/codec.h) and the terminal (cli/terminal.h)
# need every family. Included by src/CMakeLists.txt once its libraries exist (and by
# wasm/wasm.cmake for the page's engine).
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/card_table ${CMAKE_CURRENT_BINARY_DIR}/families/card_table)  # no family: the part the pot games and Red Dog share
foreach(family IN LISTS INBETWEEN_FAMILIES)
  add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/${family} ${CMAKE_CURRENT_BINARY_DIR}/families/${family})
endforeach()
set(generated ${CMAKE_CURRENT_BINARY_DIR}/include)
foreach(part family:descriptors codec:codecs terminal:terminals)
  string(REPLACE ":" ";" part ${part})
  list(GET part 0 header)
  list(GET part 1 name)
  set(includes "")
  foreach(family IN LISTS INBETWEEN_FAMILIES)
    string(APPEND includes "#include \"families/${family}/${header}.h\"\n")
  endforeach()
  # Rewritten only when its text changes, so a new configure rebuilds nothing.
  file(CONFIGURE OUTPUT ${generated}/generated/family_${name}.h
       CONTENT "#pragma once\n// Every family's ${header}.h: written by src/families/families.cmake from INBETWEEN_FAMILIES.\n${includes}")
endforeach()
target_include_directories(inbetween_flags INTERFACE ${generated})

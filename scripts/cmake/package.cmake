# Installing the native programs and the Debian package of them (CPack):
# `puzzlelab` and `puzzlelab-app` in /usr/bin, the bundled boards in
# /usr/share/puzzlelab/assets (shell/installed_paths.h finds them beside
# the programs), a desktop entry, an icon and man pages made from the
# programs' --help. scripts/package builds it:
#   cmake --build --preset release --target puzzlelab puzzlelab-app puzzlelab_man_pages
#   cpack --config build/release/CPackConfig.cmake -B build/package

# The version: the project's, and the commit it was built from
# (0.1+g9d901a1; ".dirty" when the tree had changes), also for the site archive.
find_package(Git QUIET)
set(PUZZLELAB_GIT_HASH "")
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=9 HEAD WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  OUTPUT_VARIABLE PUZZLELAB_GIT_HASH OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND ${GIT_EXECUTABLE} diff --quiet HEAD WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  RESULT_VARIABLE dirty ERROR_QUIET)
endif()
set(PUZZLELAB_PACKAGE_VERSION ${PROJECT_VERSION})
if(PUZZLELAB_GIT_HASH)
  string(APPEND PUZZLELAB_PACKAGE_VERSION "+g${PUZZLELAB_GIT_HASH}")
  if(dirty)
    string(APPEND PUZZLELAB_PACKAGE_VERSION ".dirty")
  endif()
endif()
file(WRITE ${CMAKE_BINARY_DIR}/package-version.txt "${PUZZLELAB_PACKAGE_VERSION}\n")

install(TARGETS puzzlelab RUNTIME DESTINATION bin)

# /usr/share/doc/puzzlelab/copyright (Debian policy 12.5): the project's own
# licence (LICENSE at the top of the source, when there is one) and the
# notices of the third-party code compiled into the programs, read from
# where the build takes that code (ImGui from .deps, the header-only
# libraries from their Debian -dev packages, which scripts/setup installs);
# the shared libraries' packages (Depends) carry their own notices.
function(puzzlelab_notice out title file)
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "${file} is missing: the package's copyright file needs ${title}'s notice (run scripts/setup)")
  endif()
  file(READ ${file} notice)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  set(${out} "${${out}}\n--- ${title}\n\n${notice}" PARENT_SCOPE)
endfunction()
if(EXISTS ${CMAKE_SOURCE_DIR}/LICENSE)
  file(READ ${CMAKE_SOURCE_DIR}/LICENSE PUZZLELAB_OWN_LICENSE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/LICENSE)
else()
  set(PUZZLELAB_OWN_LICENSE "The source has no LICENSE file: its authors have published no licence for\nPuzzle Lab's own code yet, and they keep all rights to it.")
endif()
set(PUZZLELAB_COMPILED_NOTICES "")
if(PUZZLELAB_BUILD_APP)
  puzzlelab_notice(PUZZLELAB_COMPILED_NOTICES "Dear ImGui (the app's interface and the pictures' drawing)"
                   ${PUZZLELAB_DEPS_DIR}/imgui/LICENSE.txt)
endif()
puzzlelab_notice(PUZZLELAB_COMPILED_NOTICES "nlohmann/json (JSON)" /usr/share/doc/nlohmann-json3-dev/copyright)
puzzlelab_notice(PUZZLELAB_COMPILED_NOTICES "CLI11 (the command line's options)" /usr/share/doc/libcli11-dev/copyright)
configure_file(${CMAKE_SOURCE_DIR}/assets/package/copyright.in ${CMAKE_BINARY_DIR}/copyright @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/copyright DESTINATION share/doc/puzzlelab)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets/puzzles DESTINATION share/puzzlelab/assets)

# man pages from --help, at build time (the help is the one truth).
set(man_pages)
macro(puzzlelab_man_page target summary)
  set(page ${CMAKE_BINARY_DIR}/man/${target}.1)
  add_custom_command(OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}> -DNAME=${target}
            "-DSUMMARY=${summary}" -DVERSION=${PUZZLELAB_PACKAGE_VERSION} -DOUT=${page}
            -P ${CMAKE_SOURCE_DIR}/scripts/cmake/man_page.cmake
    DEPENDS ${target} ${CMAKE_SOURCE_DIR}/scripts/cmake/man_page.cmake
    COMMENT "Man page of ${target} from its --help")
  list(APPEND man_pages ${page}.gz)
endmacro()
puzzlelab_man_page(puzzlelab "solve, check, compare, rate, generate and draw logic puzzles")
if(TARGET puzzlelab-app)
  install(TARGETS puzzlelab-app RUNTIME DESTINATION bin)
  install(FILES ${CMAKE_SOURCE_DIR}/assets/package/puzzlelab.desktop DESTINATION share/applications)
  install(FILES ${CMAKE_SOURCE_DIR}/assets/package/puzzlelab.svg
          DESTINATION share/icons/hicolor/scalable/apps)
  puzzlelab_man_page(puzzlelab-app "play and solve logic puzzles in a window")
endif()
add_custom_target(puzzlelab_man_pages DEPENDS ${man_pages})
install(FILES ${man_pages} DESTINATION share/man/man1 OPTIONAL)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME puzzlelab)
set(CPACK_PACKAGE_VERSION ${PUZZLELAB_PACKAGE_VERSION})
set(CPACK_PACKAGE_VENDOR "Puzzle Lab")
set(CPACK_PACKAGE_CONTACT "Puzzle Lab maintainers <puzzlelab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "logic puzzles with optimal solvers: app and command line")
set(CPACK_PACKAGE_DESCRIPTION
    "Rush Hour, Sudoku, Amphipod, Bender and Tree of Life, played in a window (puzzlelab-app) with hints, optimal solutions, an editor and pictures, or solved, checked, rated and drawn from the command line (puzzlelab).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # puzzlelab_VERSION_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries' packages from dpkg-shlibdeps (dpkg-dev), and the
# fonts the app draws with (shell/CMakeLists.txt: PUZZLELAB_FONT_DIR).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
include(CPack)

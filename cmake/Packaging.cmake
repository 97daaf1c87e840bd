# Install rules and the Debian package (CPack).
#
#   cmake --install build --prefix P    P/bin/judge, P/share/cp-judge/checkers/{checklib.hpp,
#                                       tokens.cpp}, P/share/doc/cp-judge/ (README, docs)
#   (cd build && cpack -G DEB)          cp-judge_<version>_<arch>.deb: the same under /usr
#
# The judge finds share/cp-judge/checkers relative to its own binary (/proc/self/exe, then
# ../share/cp-judge: judge/util/install_layout.hpp), so a prefix copied elsewhere works; only a
# judge run from its build folder falls back to the source tree's checkers/.
include(GNUInstallDirs)
# `cmake --install` and cpack install what is built (the README builds --target judge first): by
# default cpack would first build every target, the problems' tests and benchmarks included.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
set(JUDGE_DATA_FOLDER cp-judge)  # the same name as kDataFolderName in util/install_layout.hpp

install(TARGETS judge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# What jury programs compile against (checklib.hpp) and the built-in checkers (`checker: tokens`).
install(FILES ${PROJECT_SOURCE_DIR}/checkers/checklib.hpp ${PROJECT_SOURCE_DIR}/checkers/tokens.cpp
        DESTINATION ${CMAKE_INSTALL_DATADIR}/${JUDGE_DATA_FOLDER}/checkers)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/conventions.md
              ${PROJECT_SOURCE_DIR}/docs/judge-run.md ${PROJECT_SOURCE_DIR}/docs/judge-stress.md
              ${PROJECT_SOURCE_DIR}/docs/export.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${JUDGE_DATA_FOLDER})

set(CPACK_PACKAGE_NAME ${JUDGE_DATA_FOLDER})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "competitive-programming judge: compile, run under limits in a sandbox, check, stress")
set(CPACK_PACKAGE_CONTACT "cp-judge developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES TRUE)  # the binary without its debug information (60 MiB -> a few)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The libraries the binary links (libyaml-cpp, libzip, libstdc++...) come from dpkg-shlibdeps
# (package dpkg-dev) where it is installed, else from this list (Debian 12's names).
find_program(JUDGE_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(JUDGE_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(judge_library_depends "")
else()
    set(judge_library_depends ", libc6, libstdc++6, libgcc-s1, libyaml-cpp0.7, libzip4")
endif()
# What the judge starts at run time: g++ and gcc compile C++ and C submissions and every jury
# program; python3 (Debian's, in /usr/bin where a sandboxed program finds it) runs Python ones.
# A JDK builds Java submissions; the judge skips or refuses them without one.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "g++, gcc, python3${judge_library_depends}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "default-jdk-headless")
set(CPACK_GENERATOR DEB)
include(CPack)

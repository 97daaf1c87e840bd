# JUDGE_GIT_COMMIT: `git describe --always --dirty` of the source tree at configure time, for
# `judge --version`; "unknown" outside a git checkout (a source tarball), and when the checkout
# that git finds is not this source tree (a tarball unpacked inside some other repository).
# Taken when CMake configures, so a commit made since shows after the next configure.
set(JUDGE_GIT_COMMIT "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
                    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                    OUTPUT_VARIABLE git_toplevel OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE git_status ERROR_QUIET)
    if(git_status EQUAL 0)
        file(REAL_PATH "${git_toplevel}" git_toplevel)
        file(REAL_PATH "${PROJECT_SOURCE_DIR}" source_toplevel)
    endif()
    if(git_status EQUAL 0 AND git_toplevel STREQUAL source_toplevel)
        execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty
                        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                        OUTPUT_VARIABLE git_describe OUTPUT_STRIP_TRAILING_WHITESPACE
                        RESULT_VARIABLE git_status ERROR_QUIET)
        if(git_status EQUAL 0 AND NOT git_describe STREQUAL "")
            set(JUDGE_GIT_COMMIT "${git_describe}")
        endif()
    endif()
endif()
message(STATUS "judge ${PROJECT_VERSION}, commit ${JUDGE_GIT_COMMIT}")

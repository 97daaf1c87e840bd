# judge_enable_warnings(<target>): the warning set every target of ours is built with.
function(judge_enable_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wconversion
                                             -Wno-sign-conversion)
    if(JUDGE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    if(JUDGE_SANITIZE)
        target_compile_options(${target} PRIVATE -fsanitize=address,undefined
                                                 -fno-sanitize-recover=all)
        target_link_options(${target} PRIVATE -fsanitize=address,undefined)
    endif()
endfunction()

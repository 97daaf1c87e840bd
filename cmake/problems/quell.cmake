# quell: can the drop collect every pearl? (issue 5)
add_problem(quell
    BRUTE_TESTS "small*"
    STRESS
        "-rows 6 -cols 7 -style random -walls 30 -pearls 6 -place reachable"
        "-rows 9 -cols 9 -style maze -walls 40 -pearls 8 -place reachable"
        "-rows 8 -cols 10 -style traps -walls 40 -pearls 8 -place any -ragged 1"
        "-rows 10 -cols 8 -style rooms -walls 20 -pearls 10 -place walk -walk 12"
        "-rows 9 -cols 9 -style layers -walls 30 -pearls 8 -place reachable -border 0"
    SEEDS 200
    TIMEOUT 300
    PLANTED "false")

if(BUILD_TESTING)
    # --moves: every `true` case gets a move string that the checker replays cell by cell.
    add_test(NAME quell.moves
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/quell_moves.sh ${PROJECT_SOURCE_DIR}
                     $<TARGET_FILE:checkers_quell> ${JUDGE_SHARED_DIR}/cases/quell)
    set_tests_properties(quell.moves PROPERTIES TIMEOUT 120 LABELS "problem;quell")
endif()

if(BUILD_TESTING)
    # The solution's test builds (-DQUELL_ONLY_2SAT, -DQUELL_ONE_ROUND) push maps through Phase B,
    # which the release build rarely reaches on small maps; all three must agree with the brute.
    add_test(NAME quell.test_builds
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/quell_stress_builds.sh 1 8 ${PROJECT_SOURCE_DIR}
                     $<TARGET_FILE:generators_quell> $<TARGET_FILE:checkers_quell>)
    set_tests_properties(quell.test_builds PROPERTIES TIMEOUT 300 LABELS "problem;quell")
endif()

# Sourced by the test scripts whose prerequisite may be missing on a machine (the public cases of
# ../shared/cases, a compiler). missing_prerequisite MESSAGE prints MESSAGE and ends the test:
# skipped (exit 77, the tests' SKIP_RETURN_CODE), so that CTest's summary lists it as skipped
# rather than passed; failed when the environment variable CI is set (to anything, as
# judge/CMakeLists.txt reads it), so that a CI machine missing it cannot pass unnoticed.
missing_prerequisite() {
    echo "$1"
    if [ -n "${CI+set}" ]; then
        echo "FAIL: CI is set, where this is required"
        exit 1
    fi
    echo "SKIPPED (set CI to make this a failure)"
    exit 77
}

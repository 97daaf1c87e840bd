/*
 * Generator for aplusb (the judge's own test problem): one line "a b".
 *
 * Usage: aplusb [-max 1000000000000000000] [-min -max] -seed N
 *   -max   largest value of a and b, 0..1e18                    (default 1000000000000000000)
 *   -min   smallest value of a and b, -1e18..max                (default -max)
 *   -seed  any value; the same arguments always give the same case
 */
#include "checklib.hpp"

int main(int argc, char* argv[]) {
    registerGen(argc, argv, 1);
    long long max_value = opt<long long>("max", 1000000000000000000LL);
    long long min_value = opt<long long>("min", -max_value);
    ensuref(0 <= max_value && max_value <= 1000000000000000000LL, "-max out of [0, 1e18]");
    ensuref(-1000000000000000000LL <= min_value && min_value <= max_value,
            "-min out of [-1e18, max]");
    long long a = rnd.next(min_value, max_value);
    long long b = rnd.next(min_value, max_value);
    std::printf("%lld %lld\n", a, b);
}

# Sourced by the alcazar test scripts with $root set: a scratch folder $work (removed on exit)
# holding the solution ($work/sol), the brute ($work/brute) and the generator ($work/gen).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -o "$work/brute" "$root/solutions/brute/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
